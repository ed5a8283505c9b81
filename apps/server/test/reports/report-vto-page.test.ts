import { ZERO_VTO_MOVEMENT, applyThinPlateSpline, getAnalysis } from '@ceppro/ceph';
import { VTO_STO_CONFIG_VERSION, buildReportModel, type ReportInput, type VtoStoConfig } from '@ceppro/contract';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeReportImage } from '../../src/features/reports/report-image';
import { composeMorphImages, MORPH_IMAGE_MAX_SIDE } from '../../src/features/reports/report-morph';
import { renderReportPdf } from '../../src/features/reports/report-pdf';
import { FILM_300, FILM_300_SIZE, film300Landmarks } from '../fixtures/film-300';
import { pdfText } from './poppler';

/**
 * The VTO/STO page as a reader sees it (poppler): today's tracing and the prediction in two panels
 * (today never hidden under the prediction), a legend, and the facial photo before and after the
 * morph, warped by packages/ceph's warp.
 */

const NOW = new Date('2026-01-15T09:00:00Z');
const SIZE = FILM_300_SIZE;
/** Soft-tissue pogonion of film 300 (model output 15): the chin the plan moves forward. */
const CHIN = { x: FILM_300[15]?.[0] ?? 0, y: FILM_300[15]?.[1] ?? 0 };
const DPI = 100;

const plan = (aligned: boolean): VtoStoConfig => ({
  version: VTO_STO_CONFIG_VERSION,
  data: {
    movements: { ...ZERO_VTO_MOVEMENT, Pogonion: { horizontal: 5, vertical: 0 } },
    flags: { treatment: true, refinement: false, morph: true, autoAlign: true },
    ratios: { chin: 1 },
    preset: null,
  },
  // The photo lies on the film as it is (photo px = film px): its chin is the film's.
  autoAlign: aligned
    ? { method: 'manual', photo_chart_data_id: 7, transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 }, residual_px: null }
    : null,
  point: null,
  affectSvgTransform: true,
});

function input(aligned: boolean): ReportInput {
  return {
    now: NOW,
    clinic: 'Smile Dental',
    patient: { firstName: 'Kim Ceph', patientId: 'P-0042', birthInfo: '2012-06-01', gender: true },
    chart: { chartId: '3f1c2a9e-5b7d-4e21-9c3a-1d2e3f4a5b6c', shootDate: '2026-01-10' },
    analysisId: 'steiner',
    record: {
      inferResult: { version: 1, model: { id: 'test', version: '1' }, landmarks: film300Landmarks() },
      modifiedResult: null,
      rulerInfo: null,
      imgSize: SIZE,
      vtoStoConfig: plan(aligned),
    },
    defaultPpm: 10,
    lang: 'en',
  };
}

/** A dark film with a lighter skull (deterministic). */
function syntheticFilm(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}"><rect width="100%" height="100%" ` +
    `fill="#181818"/><ellipse cx="480" cy="560" rx="360" ry="430" fill="#6a6a6a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** A "photo": green ground, a black dot on the soft-tissue chin (what the morph must carry forward). */
function syntheticPhoto(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}"><rect width="100%" height="100%" ` +
    `fill="#00b000"/><circle cx="${CHIN.x}" cy="${CHIN.y}" r="16" fill="#000"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

/** One page in colour (`pdftoppm -png`, no -gray: the tracings are told apart by colour). */
async function pageRgb(pdf: Buffer, page: number): Promise<Rgb> {
  const file = path.join(dir, `vto-${page}.pdf`);
  await writeFile(file, pdf);
  const prefix = path.join(dir, `vto-${page}`);
  await promisify(execFile)('/usr/bin/pdftoppm', [
    '-png',
    '-r',
    String(DPI),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    prefix,
  ]);
  const { data, info } = await sharp(await readFile(`${prefix}.png`))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const ORANGE = (r: number, g: number, b: number) => r > 200 && g > 70 && g < 165 && b < 70;
const YELLOW = (r: number, g: number, b: number) => r > 200 && g > 180 && b < 90;
const GREEN = (r: number, g: number, b: number) => g > 130 && r < 80 && b < 80;
const DARK = (r: number, g: number, b: number) => r < 60 && g < 60 && b < 60;

/** Pixels matching `test` in columns [x0, x1) and rows [y0, y1): count, centroid and bounds. */
function find(img: Rgb, test: (r: number, g: number, b: number) => boolean, x0: number, x1: number, y0 = 0, y1 = img.height) {
  let n = 0;
  let sx = 0;
  let sy = 0;
  const box = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 3;
      if (test(img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0)) {
        n++;
        sx += x;
        sy += y;
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x + 1);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y + 1);
      }
    }
  return { n, x: n === 0 ? NaN : sx / n, y: n === 0 ? NaN : sy / n, ...box };
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ceppro-vto-page-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function render(aligned: boolean) {
  const model = buildReportModel(input(aligned), getAnalysis('steiner') ?? (null as never));
  const film = await composeReportImage(await syntheticFilm(), model);
  const morph = model.vto?.morph ? await composeMorphImages(await syntheticPhoto(), model.vto.morph) : null;
  const pdf = await renderReportPdf(model, film, NOW, morph);
  // For a person looking at it: VTO_PAGE_PDF=<file> keeps the PDF.
  if (process.env['VTO_PAGE_PDF']) await writeFile(`${process.env['VTO_PAGE_PDF']}-${aligned ? 'photo' : 'plain'}.pdf`, pdf);
  const text = await pdfText(pdf, dir);
  const pages = text.split('\f');
  const vtoPage = pages.findIndex((p) => p.includes('VTO/STO prediction')) + 1;
  return { model, morph, pdf, text: pages[vtoPage - 1] ?? '', vtoPage };
}

describe('VTO/STO report page', () => {
  it('morphs the photo with packages/ceph: the chin dot moves where the prediction warp sends it, the rest stays', async () => {
    const model = buildReportModel(input(true), getAnalysis('steiner') ?? (null as never));
    const morph = model.vto?.morph;
    expect(morph).toMatchObject({ photoChartDataId: 7, quality: 'coarse' });
    const images = await composeMorphImages(await syntheticPhoto(), morph!);
    const raster = async (bytes: Buffer) => {
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    };
    const before = await raster(images!.before.bytes);
    const after = await raster(images!.after.bytes);
    const scale = MORPH_IMAGE_MAX_SIDE / SIZE.height;
    expect(before.width).toBe(Math.round(SIZE.width * scale));
    const dotBefore = find(before, DARK, 0, before.width);
    const dotAfter = find(after, DARK, 0, after.width);
    expect(Math.abs(dotBefore.x - CHIN.x * scale)).toBeLessThan(1.5);
    // Where the same warp the viewer applies (packages/ceph) takes the chin: 5 mm (50 px) forward.
    const target = applyThinPlateSpline(morph!.warp, CHIN);
    expect(target.x - CHIN.x).toBeGreaterThan(30);
    // The mesh is the warp sampled every 50 px (24 cells along the long side), linear in between, as on
    // screen: the dot's centre lands within a few px of the exact warp, having moved most of the way.
    expect(Math.abs(dotAfter.x - target.x * scale)).toBeLessThan(5);
    expect(Math.abs(dotAfter.y - target.y * scale)).toBeLessThan(5);
    expect(dotAfter.x - dotBefore.x).toBeGreaterThan(0.8 * (target.x - CHIN.x) * scale);
    // Far from the moved chin (the top of the head) the photo is untouched.
    const top = (img: typeof before) => img.data.subarray(0, img.width * 3 * 60);
    expect(Buffer.compare(top(before), top(after))).toBe(0);
    // No aligned photo: no morph in the model.
    expect(buildReportModel(input(false), getAnalysis('steiner') ?? (null as never)).vto?.morph).toBeNull();
  }, 60_000);

  it('prints today and the prediction apart, with a legend, and the photo before and after the morph', async () => {
    const { text, pdf, vtoPage } = await render(true);
    expect(vtoPage).toBeGreaterThan(0);
    for (const caption of [
      'Today (yellow)',
      'Prediction (orange) over today (yellow)',
      'Facial photo: today',
      'Facial photo: predicted (morph)',
    ])
      expect(text).toContain(caption);
    const page = await pageRgb(pdf, vtoPage);
    const half = Math.round(page.width / 2);
    // The photos: green on both halves, below the films.
    const photoLeft = find(page, GREEN, 0, half);
    const photoRight = find(page, GREEN, half, page.width);
    expect(photoLeft.n).toBeGreaterThan(1000);
    expect(photoRight.n).toBeGreaterThan(1000);
    // Films: the left panel is today's tracing alone (yellow, no orange); the right one has the
    // prediction (orange) and today's tracing still showing beside it.
    const filmBand = [0, Math.min(photoLeft.top, photoRight.top)] as const;
    expect(find(page, ORANGE, 0, half, ...filmBand).n).toBeLessThan(5);
    expect(find(page, ORANGE, half, page.width, ...filmBand).n).toBeGreaterThan(150);
    expect(find(page, YELLOW, 0, half, ...filmBand).n).toBeGreaterThan(30);
    expect(find(page, YELLOW, half, page.width, ...filmBand).n).toBeGreaterThan(10);
    // The chin dot, relative to each photo's own corner: further forward (+x) after the morph.
    const dot = (photo: typeof photoLeft) => find(page, DARK, photo.left, photo.right, photo.top, photo.bottom);
    const before = dot(photoLeft);
    const after = dot(photoRight);
    expect(before.n).toBeGreaterThan(10);
    expect(after.n).toBeGreaterThan(10);
    expect(after.y - photoRight.top).toBeCloseTo(before.y - photoLeft.top, -1);
    expect(after.x - photoRight.left - (before.x - photoLeft.left)).toBeGreaterThan(2);
  }, 90_000);

  it('without an aligned photo the page has the two tracing panels and no photo', async () => {
    const { text, morph } = await render(false);
    expect(morph).toBeNull();
    expect(text).toContain('Today (yellow)');
    expect(text).not.toContain('Facial photo');
  }, 90_000);
});
