import { errorEnvelopeSchema, LEGAL_DOCUMENT_ENDPOINT, SITE_INFO_ENDPOINT, successEnvelopeSchema, type LegalBlock } from '@ceppro/contract';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { legalBlocks } from '../../src/features/legal/legal-markdown';
import { createTestApp, type TestApp } from '../support/test-app';

async function get(t: TestApp, url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, json: JSON.parse(response.body) as unknown };
}

async function document(t: TestApp, doc: string, lang?: string) {
  const reply = await get(t, `/public/legal/${doc}${lang === undefined ? '' : `?lang=${lang}`}`);
  expect(reply.status).toBe(200);
  return successEnvelopeSchema(LEGAL_DOCUMENT_ENDPOINT.response).parse(reply.json).data;
}

const textOf = (blocks: readonly LegalBlock[]): string =>
  blocks
    .map((b) => {
      if (b.type === 'rule') return '---';
      if (b.type === 'list') return b.items.map((i) => i.runs.map((r) => r.text).join('')).join('\n');
      return b.runs.map((r) => r.text).join('');
    })
    .join('\n');

describe('legal documents and site info: the shipped templates (no LEGAL_DIR)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('serves the terms and privacy templates, marked as templates, in English and Korean; other languages get English', async () => {
    const terms = await document(t, 'terms', 'en');
    expect(terms).toMatchObject({ doc: 'terms', lang: 'en', template: true });
    expect(terms.blocks[0]).toEqual({ type: 'heading', level: 1, runs: [{ text: 'Terms of service' }] });
    expect(textOf(terms.blocks)).toMatch(/Template\./);
    expect(textOf(terms.blocks)).toMatch(/reference for medical staff/);
    const privacy = await document(t, 'privacy', 'ko');
    expect(privacy).toMatchObject({ doc: 'privacy', lang: 'ko', template: true });
    expect(textOf(privacy.blocks)).toMatch(/견본/);
    expect(await document(t, 'terms', 'vi')).toMatchObject({ lang: 'en', template: true });
    expect(await document(t, 'terms')).toMatchObject({ lang: 'en' });
  });

  it('refuses unknown documents and languages without touching the filesystem', async () => {
    expect((await get(t, '/public/legal/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await get(t, '/public/legal/cookies')).status).toBe(404);
    const badLang = await get(t, '/public/legal/terms?lang=../../etc');
    expect(badLang.status).toBe(400);
    expect(errorEnvelopeSchema.parse(badLang.json).code).toBe('VALIDATION_FAILED');
  });

  it('answers the footer lines: the default company and no UDI code', async () => {
    const reply = await get(t, '/public/site-info');
    expect(reply.status).toBe(200);
    expect(successEnvelopeSchema(SITE_INFO_ENDPOINT.response).parse(reply.json).data).toEqual({ company: 'DDH Inc.', udi_code: null });
  });
});

describe("legal documents and site info: the operator's (LEGAL_DIR, COMPANY_NAME, UDI_CODE)", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ceppro-legal-'));
    await writeFile(path.join(dir, 'terms.ko.md'), '# 이용약관\n\n운영자의 약관입니다.\n');
    await writeFile(
      path.join(dir, 'privacy.en.md'),
      [
        '# Privacy at Clinic Cloud',
        '',
        'We keep **your data** in *Seoul*. Write to [us](mailto:privacy@example.com) or',
        '[this](javascript:alert(1)) <script>alert(1)</script><b>bold</b> &amp; more.',
        '',
        '1. First',
        '   - nested',
        '2. Second',
        '',
        '---',
      ].join('\n'),
    );
    t = await createTestApp({ env: { LEGAL_DIR: dir, COMPANY_NAME: 'Clinic Cloud Ltd.', UDI_CODE: '(01)08800012345678' } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the operator's text, not a template; a language the operator lacks gets one the operator wrote", async () => {
    expect(await document(t, 'terms', 'ko')).toMatchObject({ lang: 'ko', template: false });
    // No English terms from the operator: their Korean beats the shipped English template.
    expect(await document(t, 'terms', 'ja')).toMatchObject({ lang: 'ko', template: false });
    const privacy = await document(t, 'privacy', 'zh');
    expect(privacy).toMatchObject({ lang: 'en', template: false });
  });

  it('turns Markdown into plain blocks: formatting and safe links kept, markup and script links never passed on', async () => {
    const { blocks } = await document(t, 'privacy', 'en');
    expect(blocks).toEqual([
      { type: 'heading', level: 1, runs: [{ text: 'Privacy at Clinic Cloud' }] },
      {
        type: 'paragraph',
        runs: [
          { text: 'We keep ' },
          { text: 'your data', strong: true },
          { text: ' in ' },
          { text: 'Seoul', em: true },
          { text: '. Write to ' },
          { text: 'us', href: 'mailto:privacy@example.com' },
          // The tags are dropped; the words between them stay words.
          { text: ' or\nthis alert(1)bold & more.' },
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [
          {
            runs: [{ text: 'First' }],
            lists: [{ type: 'list', ordered: false, start: 1, items: [{ runs: [{ text: 'nested' }], lists: [] }] }],
          },
          { runs: [{ text: 'Second' }], lists: [] },
        ],
      },
      { type: 'rule' },
    ]);
    expect(JSON.stringify(blocks)).not.toMatch(/<|javascript:/);
  });

  it('answers the configured company and UDI code', async () => {
    const reply = await get(t, '/public/site-info');
    expect(successEnvelopeSchema(SITE_INFO_ENDPOINT.response).parse(reply.json).data).toEqual({
      company: 'Clinic Cloud Ltd.',
      udi_code: '(01)08800012345678',
    });
  });

  it('refuses a company or UDI line that is not one line of text', () => {
    expect(() => loadConfig({ UDI_CODE: 'a\nb' })).toThrow(/UDI_CODE must be one line of text/);
    expect(() => loadConfig({ COMPANY_NAME: 'x'.repeat(121) })).toThrow(/COMPANY_NAME/);
  });

  it('parses a table, a quote and code as paragraphs of their text', () => {
    const blocks = legalBlocks('> quoted\n\n```\ncode\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(textOf(blocks)).toBe('quoted\ncode\na | b\n1 | 2');
  });
});
