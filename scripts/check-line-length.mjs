// No source line over 140 characters (Prettier's printWidth cannot break strings or comments).
// Lists each offending line and exits 1; `npm run lint` runs it after ESLint and Prettier's check.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 140;
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|html|py|sh)$/;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCE.test(f) || f === '.ci/run');
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed but deleted in the working tree
  }
  text.split('\n').forEach((line, i) => {
    const length = [...line].length;
    if (length > MAX) long.push(`${file}:${i + 1}: ${length} characters`);
  });
}
if (long.length > 0) {
  console.error(long.join('\n'));
  console.error(`\n${long.length} line(s) over ${MAX} characters.`);
  process.exit(1);
}
console.log(`line length: ${files.length} source files, none over ${MAX} characters`);
