import { existsSync } from 'node:fs';

/**
 * poppler-utils (pdftotext, pdftoppm) read the PDFs the tests download. `npm test` installs them when
 * run as root and stops otherwise, so a missing tool here is a broken set-up: fail, never skip.
 */
export function requireTool(path: string): true {
  if (!existsSync(path)) throw new Error(`${path} is missing: install poppler-utils (npm test does so when run as root)`);
  return true;
}
