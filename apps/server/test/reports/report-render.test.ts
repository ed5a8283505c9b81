import { getAnalysis, MEASUREMENTS } from '@ceppro/ceph';
import { buildReportModel, measurementNote, normNote, reportAnalysis, type ReportInput, type ReportLang } from '@ceppro/contract';
import { existsSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeReportImage } from '../../src/features/reports/report-image';
import { renderReportPdf } from '../../src/features/reports/report-pdf';
import { pdfFonts, pdfPagePng, pdfText } from './poppler';
import { FILM_300_SIZE, film300Landmarks } from '../fixtures/film-300';

/**
 * The PDF as a reader sees it (poppler): a golden image of page 1 of a fixed synthetic report, the
 * fonts embedded, the patient names given back exactly in each language, a long table continued
 * with its header on page 2, page numbers. Nothing here depends on the clock or on system fonts.
 */

const GOLDEN = path.join(import.meta.dirname, 'golden', 'report-en-page1.png');
const DPI = 60;
/**
 * Mean absolute difference per pixel (0-255 grey) allowed against the golden page. A re-render on
 * the same poppler gives 0; other poppler/FreeType builds move anti-aliased glyph edges by a level
 * or two over the few percent of the page that is text, well under 1. One table row or label
 * changed, or the film moved, costs more: the test checks that the same report in Korean differs
 * from the golden page by several times the threshold.
 */
const MAX_MEAN_DIFF = 1.0;
const NOW = new Date('2026-01-15T09:00:00Z');

const SIZE = FILM_300_SIZE;

/** A small generated film: a dark ground with a lighter skull-like ellipse (deterministic: no clock, no randomness). */
async function syntheticFilm(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}"><rect ` +
    `width="100%" height="100%" fill="#181818"/><ellipse cx="480" cy="560" rx="360" ` +
    `ry="430" fill="#6a6a6a"/><ellipse cx="700" cy="820" rx="110" ry="180" fill="#9a9a9a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

function input(name: string, lang: ReportLang, clinic = 'Smile Dental'): ReportInput {
  return {
    now: NOW,
    clinic,
    patient: { firstName: name, patientId: 'P-0042', birthInfo: '2012-06-01', gender: true },
    chart: { chartId: '3f1c2a9e-5b7d-4e21-9c3a-1d2e3f4a5b6c', shootDate: '2026-01-10' },
    analysisId: 'steiner',
    record: {
      inferResult: {
        version: 1,
        model: { id: 'test', version: '1' },
        landmarks: film300Landmarks(),
      },
      modifiedResult: null,
      rulerInfo: null,
      imgSize: SIZE,
    },
    defaultPpm: 10,
    lang,
  };
}

let dir: string;
let film: Awaited<ReturnType<typeof composeReportImage>>;

async function render(name: string, lang: ReportLang, analysis = getAnalysis('steiner'), clinic?: string): Promise<Buffer> {
  if (!analysis) throw new Error('no analysis');
  const model = buildReportModel(input(name, lang, clinic), analysis);
  return renderReportPdf(model, film, NOW);
}

async function grey(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function meanDiff(a: { data: Buffer; width: number; height: number }, b: { data: Buffer; width: number; height: number }): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 1) sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return sum / a.data.length;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ceppro-render-'));
  const model = buildReportModel(input('Kim Ceph', 'en'), getAnalysis('steiner') ?? (null as never));
  film = await composeReportImage(await syntheticFilm(), model);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * Glyph ids a PDF's text draws, per font resource (`/F3 9 Tf [<0012003a> -20 <0005>] TJ`), read from
 * its inflated content streams: pdfkit writes Identity-H codes of 4 hex digits, and code 0000 is the
 * font's .notdef, the empty box.
 */
function drawnGlyphCodes(pdf: Buffer): string[] {
  const codes: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    if (!content.includes(' Tf')) continue;
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      for (const hex of (shown[1] ?? `<${shown[2] ?? ''}>`).matchAll(/<([0-9a-fA-F]*)>/g))
        codes.push(...((hex[1] ?? '').match(/.{4}/g) ?? []));
    }
  }
  return codes;
}

describe('report PDF as rendered', () => {
  it('matches the golden page 1 within the tolerance (set UPDATE_GOLDEN=1 to rewrite it after a deliberate layout change)', async () => {
    const pdf = await render('Kim Ceph', 'en');
    const page = await pdfPagePng(pdf, dir, 1, DPI);
    if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(GOLDEN)) {
      if (process.env['CI'] === 'true' && !existsSync(GOLDEN)) throw new Error(`golden image missing: ${GOLDEN}`);
      await writeFile(GOLDEN, page);
    }
    const golden = await grey(await readFile(GOLDEN));
    const actual = await grey(page);
    expect(meanDiff(actual, golden)).toBeLessThan(MAX_MEAN_DIFF);
    // The tolerance still sees a changed report: the same chart in Korean is far from it.
    const korean = await grey(await pdfPagePng(await render('Kim Ceph', 'ko'), dir, 1, DPI));
    expect(meanDiff(korean, golden)).toBeGreaterThan(3 * MAX_MEAN_DIFF);
  });

  it(
    'gives back 홍길동, Nguyễn Văn Đức and 山田太郎 exactly, with the labels of their language, in embedded ' + 'fonts of the right face',
    async () => {
      const cases = [
        { lang: 'ko', name: '홍길동', title: '세팔로메트릭 분석 리포트', face: 'NotoSansKR-Regular' },
        { lang: 'vi', name: 'Nguyễn Văn Đức', title: 'Báo cáo phân tích phim sọ nghiêng', face: 'NotoSans-Regular' },
        { lang: 'ja', name: '山田太郎', title: 'セファロ分析レポート', face: 'NotoSansJP-Regular' },
        { lang: 'zh', name: '王小明', title: '头影测量分析报告', face: 'NotoSansSC-Regular' },
        { lang: 'en', name: '홍길동', title: 'Cephalometric report', face: 'NotoSans-Regular' },
      ] as const;
      for (const c of cases) {
        const pdf = await render(c.name, c.lang);
        const text = await pdfText(pdf, dir);
        expect(text, c.lang).toContain(c.name);
        expect(text, c.lang).toContain(c.title);
        const fonts = await pdfFonts(pdf, dir);
        expect(fonts.length, c.lang).toBeGreaterThan(0);
        expect(
          fonts.every((f) => f.embedded && f.subset),
          `${c.lang}: ${JSON.stringify(fonts)}`,
        ).toBe(true);
        expect(
          fonts.map((f) => f.name),
          c.lang,
        ).toContain(c.face);
        // Japanese is never drawn with the Chinese face.
        if (c.lang === 'ja') expect(fonts.map((f) => f.name).filter((n) => n.startsWith('NotoSansSC'))).toEqual([]);
        // Subsetting keeps the file small although the CJK fonts are megabytes each.
        expect(pdf.length, c.lang).toBeLessThan(600_000);
      }
    },
  );

  it(
    'continues a long table on page 2 under its title and header row, with page numbers on every ' +
      'page, and wraps interpretations whole',
    async () => {
      const all = reportAnalysis({ measurement_ids: MEASUREMENTS.map((m) => m.id), analysis_name: 'Everything' });
      const pdf = await render('Kim Ceph', 'en', all);
      const text = await pdfText(pdf, dir);
      const pages = text.split('\f').filter((p) => p.trim() !== '');
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
      expect(pages[1]).toContain('Everything analysis (continued)');
      expect(pages[1]).toMatch(/Measurement\s+Value\s+Norm\s+Deviation\s+Interpretation/);
      expect(text).not.toContain('\u2026');
      const ja = (await pdfText(await render('山田太郎', 'ja', all), dir)).split('\f').filter((p) => p.trim() !== '');
      expect(ja[1]).toContain('Everything分析 （続き）');
      expect(ja[1]).toMatch(/計測項目\s+値\s+標準値\s+偏差\s+解釈/);
      expect(ja[0]).toMatch(/1 \/ \d+ ページ/);
    },
  );

  it('keeps a Steiner report compact: the table and all its notes on page 1 in every language, never a page of notes alone', async () => {
    for (const lang of ['en', 'ko', 'ja', 'zh', 'vi'] as const) {
      const pages = (await pdfText(await render('Kim Ceph', lang), dir)).split('\f').filter((p) => p.trim() !== '');
      expect(pages, lang).toHaveLength(1);
      // The last note (S-line, 11) is on the page with the table.
      expect(pages[0], lang).toMatch(/11\.\s+\S/);
    }
  });

  it('says the analysis word once in the title: "Phân tích Steiner", "Steiner 分析"', async () => {
    const vi = await pdfText(await render('Nguyễn Văn Đức', 'vi'), dir);
    expect(vi).toContain('Phân tích Steiner');
    expect(vi).not.toContain('Phân tích Phân tích');
    const zh = await pdfText(await render('王小明', 'zh'), dir);
    expect(zh).toContain('Steiner 分析');
    expect(zh).not.toContain('分析分析');
  });

  it('prints Arabic, Hebrew and emoji names, clinic and analysis names legibly: shaped, in reading order, no empty boxes', async () => {
    const group = (name: string) => reportAnalysis({ measurement_ids: ['SNA', 'SNB', 'ANB'], analysis_name: name }) ?? (null as never);
    const cases = [
      { name: 'مريم حداد', clinic: 'عيادة الابتسامة', analysis: 'تحليل خاص', faces: ['NotoSansArabic-Bold', 'NotoSansArabic-Regular'] },
      { name: 'דוד כהן', clinic: 'מרפאת שיניים', analysis: 'ניתוח', faces: ['NotoSansHebrew-Bold', 'NotoSansHebrew-Regular'] },
      { name: 'Kim 😀🦷', clinic: 'Smile 🦷 Dental', analysis: 'Mine ✨', faces: ['NotoEmoji-Bold', 'NotoSans-Bold'] },
    ];
    for (const c of cases) {
      const pdf = await render(c.name, 'en', group(c.analysis), c.clinic);
      // pdftotext gives the logical text back (it reorders right-to-left lines itself).
      const text = await pdfText(pdf, dir);
      for (const typed of [c.name, c.clinic, c.analysis]) expect(text, typed).toContain(typed);
      const fonts = (await pdfFonts(pdf, dir)).map((f) => f.name);
      expect(fonts, c.name).toEqual(expect.arrayContaining(c.faces));
      expect(drawnGlyphCodes(pdf).length, c.name).toBeGreaterThan(100);
      expect(
        drawnGlyphCodes(pdf).filter((code) => code === '0000'),
        c.name,
      ).toEqual([]);
    }
    // A script no embedded face has (Thai): the replacement character, never a box.
    const thai = await render('สมชาย Kim', 'en');
    expect(await pdfText(thai, dir)).toContain('\uFFFD'.repeat(5) + ' Kim');
    expect(drawnGlyphCodes(thai).filter((code) => code === '0000')).toEqual([]);
  });

  it('prints measurement notes and norm remarks as numbered footnotes under the table, whole, in the report language', async () => {
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    const korean = flat(await pdfText(await render('홍길동', 'ko'), dir));
    const anb = measurementNote('ANB', 'ko') ?? '';
    expect(anb).toMatch(/[가-힣]/);
    expect(korean).toContain(anb);
    expect(korean).toContain(normNote('SNA', 'ko'));
    // The English words are not there: the notes follow the report's language.
    expect(korean).not.toContain(measurementNote('ANB', 'en'));
    // A long table: every note after its last row (on its last page), none cut.
    const all = reportAnalysis({ measurement_ids: MEASUREMENTS.map((m) => m.id), analysis_name: 'Everything' });
    const text = flat(await pdfText(await render('Kim Ceph', 'en', all), dir));
    const rows = buildReportModel(input('Kim Ceph', 'en'), all ?? (null as never)).rows;
    const lastRow = text.lastIndexOf(rows.at(-1)?.interpretation ?? '?');
    const notes = [...new Set(MEASUREMENTS.flatMap((m) => [measurementNote(m.id, 'en'), normNote(m.id, 'en')]).filter((n) => n !== null))];
    expect(notes.length).toBeGreaterThan(10);
    const first = text.indexOf(`1. ${notes[0]}`);
    expect(lastRow).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(lastRow);
    for (const note of notes) expect(text.indexOf(note, first), note).toBeGreaterThanOrEqual(first);
    expect(text).not.toContain('\u2026');
  });
});
