import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../config/paths';
import { renderInThread, type PdfKind, type PdfRender } from '../../pdf/index';
import { MANUAL_LANGS, type ManualLang } from '@ceppro/contract';
import { buildManualPdf } from './manual-pdf';

/** Titles written into each PDF's metadata (the Markdown's first heading is the title on the page). */
const TITLES: Record<ManualLang, string> = { en: 'Ceppro user manual', ko: 'Ceppro 사용자 매뉴얼' };

/** Where the Markdown sources and their screenshots live. */
export const MANUAL_DIR = path.join(REPO_ROOT, 'docs/manual');

export { MANUAL_LANGS };

/** The stable download name of a language's manual, also its URL under /manual/. */
export const manualFileName = (lang: ManualLang): string => `ceppro-manual-${lang}.pdf`;

export interface ManualService {
  /** The language's manual as a PDF, built from `<dir>/<lang>.md` on first use and kept. */
  pdf(lang: ManualLang): Promise<Buffer>;
}

/**
 * Builds each manual once per process, on its first download, and keeps it: the sources
 * (docs/manual) ship with the repository, so `npm start` needs no build step for them, and a
 * restart picks up an edited manual. A failed build is not kept, so the next request tries again.
 * The build (pdfkit layout, screenshots re-encoded) runs through `renderPdf`: in the app, the PDF
 * pool's worker thread, so the first download does not hold the event loop.
 */
export function createManualService(deps: { dir?: string; now: () => number; renderPdf?: PdfRender }): ManualService {
  const { dir = MANUAL_DIR, now, renderPdf = renderInThread } = deps;
  const built = new Map<ManualLang, Promise<Buffer>>();
  return {
    pdf(lang) {
      let pdf = built.get(lang);
      if (pdf === undefined) {
        pdf = renderPdf(MANUAL_PDF, { dir, lang, creationDate: new Date(now()) });
        built.set(lang, pdf);
        pdf.catch(() => built.delete(lang));
      }
      return pdf;
    },
  };
}

export async function buildFromDir(dir: string, lang: ManualLang, creationDate: Date): Promise<Buffer> {
  const markdown = await readFile(path.join(dir, `${lang}.md`), 'utf8');
  return buildManualPdf(markdown, { lang, baseDir: dir, title: TITLES[lang], creationDate });
}

/** The manual as a kind of the app's PDF pool (src/pdf/pdf-pool.ts): read and laid out in a worker thread. */
export const MANUAL_PDF: PdfKind<{ dir: string; lang: ManualLang; creationDate: Date }> = {
  name: 'manual',
  render: ({ dir, lang, creationDate }) => buildFromDir(dir, lang, creationDate),
};
