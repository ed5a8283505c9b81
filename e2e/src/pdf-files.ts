import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { requireTool } from './poppler.ts';

const pdftotext = '/usr/bin/pdftotext';
const pdftoppm = '/usr/bin/pdftoppm';

/** The page printed as the browser prints it (print media, the page's own page size) into `path`. */
export async function printToPdf(page: Page, path: string): Promise<Buffer> {
  await page.emulateMedia({ media: 'print' });
  const printed = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  writeFileSync(path, printed);
  return printed;
}

/** The PDF's text laid out as on the page (`pdftotext -layout`). */
export function pdfText(path: string): string {
  requireTool(pdftotext);
  return execFileSync(pdftotext, ['-layout', path, '-'], { encoding: 'utf8' });
}

/** One page of the PDF as `<screensDir>/<name>.png` at 60 dpi, to look at. */
export function pdfPagePng(path: string, pageNumber: number, screensDir: string, name: string): void {
  requireTool(pdftoppm);
  const n = String(pageNumber);
  execFileSync(pdftoppm, ['-png', '-r', '60', '-f', n, '-l', n, '-singlefile', path, join(screensDir, name)]);
}
