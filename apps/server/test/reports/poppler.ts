import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * poppler-utils (pdftotext, pdffonts, pdftoppm) reading the PDFs the server makes, as a reader
 * would. `npm test` installs poppler-utils when run as root; a missing tool fails the test with the
 * command to install it, never skips it.
 */
const run = promisify(execFile);

function tool(name: 'pdftotext' | 'pdffonts' | 'pdftoppm'): string {
  const bin = `/usr/bin/${name}`;
  if (!existsSync(bin))
    throw new Error(`${bin} is missing: install poppler-utils (apt-get install -y poppler-utils; npm test does it when run as root).`);
  return bin;
}

async function asFile(bytes: Buffer, dir: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(dir, 'pdf-')), 'report.pdf');
  await writeFile(file, bytes);
  return file;
}

/** The PDF's text, laid out as on the page (`pdftotext -layout`); pages end with a form feed. */
export async function pdfText(bytes: Buffer, dir: string): Promise<string> {
  const { stdout } = await run(tool('pdftotext'), ['-layout', '-enc', 'UTF-8', await asFile(bytes, dir), '-'], {
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  return stdout;
}

export interface PdfFont {
  /** The font's name without the subset tag (`NotoSansKR-Regular`). */
  readonly name: string;
  readonly type: string;
  readonly embedded: boolean;
  readonly subset: boolean;
}

/** The fonts `pdffonts` lists. */
export async function pdfFonts(bytes: Buffer, dir: string): Promise<PdfFont[]> {
  const { stdout } = await run(tool('pdffonts'), [await asFile(bytes, dir)], { encoding: 'utf8' });
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      // name type... encoding emb sub uni objectId gen: the last five cells are fixed.
      const [emb, sub] = cells.slice(-5, -3);
      const full = cells[0] ?? '';
      return { name: full.replace(/^[A-Z]{6}\+/, ''), type: cells.slice(1, -6).join(' '), embedded: emb === 'yes', subset: sub === 'yes' };
    });
}

/** One page rendered to a greyscale PNG at `dpi` (`pdftoppm -gray`), as bytes. */
export async function pdfPagePng(bytes: Buffer, dir: string, page: number, dpi: number): Promise<Buffer> {
  const file = await asFile(bytes, dir);
  const prefix = path.join(path.dirname(file), 'page');
  await run(tool('pdftoppm'), ['-png', '-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
  return readFile(`${prefix}.png`);
}
