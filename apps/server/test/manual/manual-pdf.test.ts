import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManualPdf } from '../../src/features/manual/manual-pdf';
import { registerManualRoutes } from '../../src/features/manual/manual.routes';
import { createManualService } from '../../src/features/manual/manual.service';
import { registerErrorHandler } from '../../src/http/error-handler';

const SOURCE = (lang: string) => `# Ceppro ${lang === 'ko' ? '사용자 매뉴얼' : 'user manual'}

An **important** line with *emphasis* and \`code\`, and a [link](https://example.invalid).

## ${lang === 'ko' ? '환자 목록' : 'Patient list'}

- first bullet
- second bullet
  1. nested one

1. step one
2. step two

> The AI result is a reference, not a diagnosis.

![The list screen](screens/shot.png)

---

## Second chapter

Last paragraph &amp; done.
`;

/** `pdftotext` / `pdffonts` (poppler-utils) on a PDF buffer. */
function poppler(tool: 'pdftotext' | 'pdffonts', file: string): string {
  return execFileSync(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
}

const OPTIONS = { lang: 'en', title: 't', creationDate: new Date(0) } as const;

describe('manual Markdown -> PDF', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-manual-'));
    await mkdir(path.join(dir, 'screens'));
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    await writeFile(path.join(dir, 'screens/shot.png'), png);
    for (const lang of ['en', 'ko']) await writeFile(path.join(dir, `${lang}.md`), SOURCE(lang));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['en', 'ko'] as const)('lays out headings, lists, quotes and the screenshot with embedded Noto fonts (%s)', async (lang) => {
    const pdf = await buildManualPdf(SOURCE(lang), { lang, baseDir: dir, title: 't', creationDate: new Date(0) });
    const file = path.join(dir, `out-${lang}.pdf`);
    await writeFile(file, pdf);
    const text = poppler('pdftotext', file);
    expect(text).toContain(lang === 'ko' ? '사용자 매뉴얼' : 'user manual');
    expect(text).toContain(lang === 'ko' ? '환자 목록' : 'Patient list');
    for (const words of ['important', 'first bullet', 'nested one', 'step two', 'not a diagnosis', 'The list screen', 'done.']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('Last paragraph & done.');
    // Each "##" chapter starts a page; every page carries "n / N".
    expect(text).toMatch(/1 ?\/ ?3/);
    expect(text).toMatch(/3 ?\/ ?3/);
    const fonts = poppler('pdffonts', file)
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '');
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      expect(line).toMatch(lang === 'ko' ? /NotoSansKR/ : /NotoSans-|NotoSans_/);
      // "emb" column: yes
      expect(line).toMatch(/\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/);
    }
    expect(poppler('pdffonts', file)).toMatch(/Bold/);
  });

  it('refuses a missing screenshot by name instead of dropping it', async () => {
    const md = '# T\n\n![x](screens/absent.png)\n';
    await expect(buildManualPdf(md, { ...OPTIONS, baseDir: dir })).rejects.toThrow(/screens\/absent\.png is missing/);
  });

  it('refuses Markdown it cannot lay out (a table) instead of losing it', async () => {
    const md = '| a | b |\n|---|---|\n| 1 | 2 |\n';
    await expect(buildManualPdf(md, { ...OPTIONS, baseDir: dir })).rejects.toThrow(/"table" is not supported/);
  });

  describe('GET /manual/:file', () => {
    let app: FastifyInstance;
    let builds = 0;
    beforeAll(async () => {
      app = Fastify();
      registerErrorHandler(app);
      const service = createManualService({ dir, now: () => 0 });
      registerManualRoutes(app, { pdf: (lang) => ((builds += 1), service.pdf(lang)) });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
    });

    it('sends each language as a PDF download under its own name', async () => {
      for (const lang of ['en', 'ko']) {
        const reply = await app.inject({ method: 'GET', url: `/manual/ceppro-manual-${lang}.pdf` });
        expect(reply.statusCode).toBe(200);
        expect(reply.headers['content-type']).toBe('application/pdf');
        expect(reply.headers['content-disposition']).toBe(`attachment; filename="ceppro-manual-${lang}.pdf"`);
        expect(reply.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
      expect(builds).toBe(2);
    });

    it.each(['ceppro-manual-ja.pdf', 'ko.md', '..%2Fen.md', 'ceppro-manual-ko.pdf.bak'])('answers 404 NOT_FOUND for %s', async (file) => {
      const reply = await app.inject({ method: 'GET', url: `/manual/${file}` });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });
  });
});
