import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config/paths';
import { MANUAL_DIR, MANUAL_LANGS, buildFromDir, manualFileName } from '../features/manual/manual.service';

/**
 * `npm run manual [out dir]`: writes the user manuals (docs/manual/<lang>.md with the screenshots
 * in docs/manual/screens) as PDFs into the folder, `tmp/manual` by default, to read them before a
 * commit. The server builds the same PDFs itself on first download (GET /manual/...).
 */
async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'tmp/manual'));
  mkdirSync(out, { recursive: true });
  for (const lang of MANUAL_LANGS) {
    const pdf = await buildFromDir(MANUAL_DIR, lang, new Date());
    const file = path.join(out, manualFileName(lang));
    writeFileSync(file, pdf);
    console.log(`${file} (${Math.round(pdf.length / 1024)} kB)`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
