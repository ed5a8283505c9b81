import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localCalendarDate } from '@ceppro/contract';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildDicom } from '../images/dicom-builder';
import { pdfText } from '../reports/poppler';
import { cliCommand } from '../support/server-command';

/** `npm run report`: one film to a report PDF with the shipped model and the server's renderer. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const datasetDir = process.env['CEPH_DATASET_DIR'] ?? resolve(repoRoot, '../shared/datasets/isbi2015');
const film = join(datasetDir, 'images', '151.jpg');
const hasFilm = existsSync(film);
const work = mkdtempSync(join(tmpdir(), 'report-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runWith({}, ...args);
}

/** `run` with extra environment (TZ: the machine's time zone as the CLI sees it). */
function runWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    // `npm run report` and `npm run detect` (src/cli/report.ts, detect.ts): their bundles when current, else the sources through tsx.
    const [name, rest] = args[0] === 'detect' ? ['detect', args.slice(1)] : ['report', args];
    const { command, args: entry } = cliCommand(name);
    const child = spawn(command, [...entry, ...rest], { cwd: repoRoot, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run report', () => {
  it('refuses bad arguments with the usage and exit 2', async () => {
    const r = await run('--image', 'x.jpg', '--lang', 'fr', '--analysis', 'nope');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--out is required');
    expect(r.stderr).toContain('--lang must be one of');
    expect(r.stderr).toContain('unknown --analysis nope');
    expect(r.stderr).toContain('usage: npm run report');
  });

  it('says so when the film cannot be read', async () => {
    const r = await run('--image', join(work, 'missing.jpg'), '--out', join(work, 'x.pdf'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Cannot read');
  });

  it.skipIf(!hasFilm)(
    'writes a Korean Steiner report of a dataset film with the name intact' +
      (hasFilm ? '' : ' (skipped: no ISBI 2015 film at CEPH_DATASET_DIR or ../shared/datasets/isbi2015)'),
    async () => {
      const out = join(work, 'ko.pdf');
      const r = await run('--image', film, '--lang', 'ko', '--analysis', 'steiner', '--name', '홍길동', '--ppm', '10', '--out', out);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/38 landmarks \(\+8 constructed\), 16 measurements \(Steiner, ko\)/);
      const text = await pdfText(readFileSync(out), work);
      expect(text).toContain('홍길동');
      expect(text).toContain('세팔로메트릭 분석 리포트');
      expect(text).toMatch(/SNA\s+\d+\.\d°/);
      expect(text).toContain('10.00 px/mm');
      // No --birth / --sex: the facts print "-", never an invented birth date or sex.
      expect(text).not.toContain('2000-01-01');
      expect(text).toMatch(/생년월일\s+-\s/);
      expect(text).toMatch(/성별\s+-\s/);
      expect(text).not.toMatch(/남성|여성/);
    },
    60_000,
  );
  it.skipIf(!hasFilm)(
    'reads a DICOM film as an upload does: npm run report measures with its pixel spacing, npm run detect prints it' +
      (hasFilm ? '' : ' (skipped: no ISBI 2015 film at CEPH_DATASET_DIR or ../shared/datasets/isbi2015)'),
    async () => {
      // The dataset film's own grey pixels in an uncompressed 8-bit DICOM with a 0.1 mm spacing.
      const { data, info } = await sharp(film).greyscale().raw().toBuffer({ resolveWithObject: true });
      const dicom = join(work, 'film.dcm');
      writeFileSync(dicom, buildDicom({ rows: info.height, columns: info.width, pixelData: data, pixelSpacing: [0.1, 0.1] }));
      const out = join(work, 'dicom.pdf');
      const r = await run('--image', dicom, '--lang', 'en', '--analysis', 'steiner', '--out', out);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/38 landmarks \(\+8 constructed\), 16 measurements \(Steiner, en\)/);
      const text = await pdfText(readFileSync(out), work);
      expect(text).toContain('DICOM, 10.00 px/mm');
      const d = await run('detect', dicom);
      expect(d.code, d.stderr).toBe(0);
      const detection = JSON.parse(d.stdout) as { status: string; imageSize: unknown; dicom: { row_spacing_mm: number } | null };
      expect(detection.status).toBe('ok');
      expect(detection.imageSize).toEqual({ width: info.width, height: info.height });
      expect(detection.dicom?.row_spacing_mm).toBe(0.1);
    },
    90_000,
  );

  it('refuses an unknown --time-zone with exit 2', async () => {
    const r = await run('--image', 'x.jpg', '--out', join(work, 'x.pdf'), '--time-zone', 'Mars/Olympus');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--time-zone must be an IANA time zone name');
  });

  it.skipIf(!hasFilm)(
    "dates the report by the clinic's calendar day: --time-zone, else the machine's zone, never the UTC day" +
      (hasFilm ? '' : ' (skipped: no ISBI 2015 film at CEPH_DATASET_DIR or ../shared/datasets/isbi2015)'),
    async () => {
      // UTC+14 and UTC-11 are 25 hours apart: at any instant their calendar days differ, so one of them is not UTC's.
      const east = 'Pacific/Kiritimati';
      const west = 'Pacific/Pago_Pago';
      const days = (zone: string) => [localCalendarDate(new Date(), zone)];
      const expected = { east: days(east), west: days(west) };
      const byFlag = join(work, 'tz-flag.pdf');
      const byMachine = join(work, 'tz-machine.pdf');
      const [flag, machine] = [
        await runWith({ TZ: 'UTC' }, '--image', film, '--time-zone', east, '--out', byFlag),
        await runWith({ TZ: west }, '--image', film, '--out', byMachine),
      ];
      expected.east.push(localCalendarDate(new Date(), east));
      expected.west.push(localCalendarDate(new Date(), west));
      expect(flag.code, flag.stderr).toBe(0);
      expect(machine.code, machine.stderr).toBe(0);
      const dateOf = async (file: string) => /Date: (\d{4}-\d{2}-\d{2})/.exec(await pdfText(readFileSync(file), work))?.[1];
      expect(expected.east).toContain(await dateOf(byFlag));
      expect(expected.west).toContain(await dateOf(byMachine));
    },
    150_000,
  );

  it("refuses a DICOM it cannot read with the upload check's code and exit 2", async () => {
    const bad = join(work, 'multi.dcm');
    writeFileSync(bad, buildDicom({ rows: 4, columns: 4, pixelData: Buffer.alloc(32, 1), frames: 2 }));
    const r = await run('--image', bad, '--out', join(work, 'bad.pdf'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('DICOM_MULTI_FRAME');
    const d = await run('detect', bad);
    expect(d.code).toBe(2);
    expect(d.stderr).toContain('DICOM_MULTI_FRAME');
  });
});
