import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cephCommand } from '../../src/cli/ceph-command';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const cli = join(repoRoot, 'apps/server/src/cli/ceph.ts');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const datasetDir = process.env['CEPH_DATASET_DIR'] ?? resolve(repoRoot, '../shared/datasets/isbi2015');
const work = mkdtempSync(join(tmpdir(), 'ceph-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Result = { code: number | null; stdout: string; stderr: string };
/** The real `npm run ceph` process: one test checks the entry point's output and exit code. */
function spawnCli(...args: string[]): Result {
  const r = spawnSync(tsx, [cli, ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** The same command in this process (no tsx start per case). */
function run(...args: string[]): Result {
  let stdout = '';
  let stderr = '';
  const code = cephCommand(args, { out: (text) => (stdout += text), err: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

function writeJson(name: string, data: unknown): string {
  const path = join(work, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}

// A tiny manifest in a 2× downscaled frame (0.2 mm/px): SN horizontal, A 45° below SN seen from N.
const tiny = writeJson('tiny.json', {
  pixel_spacing_mm: 0.2,
  original_pixel_spacing_mm: 0.1,
  downscale: 2,
  landmark_names: ['Sella', 'Nasion', 'Subspinale (A point)', 'Supramentale (B point)', 'Not a landmark'],
  images: [{ id: 'x1', landmarks: [[0, 0], [350, 0], [300, 50], null, [1, 1]], isbi_classes: null }],
});

describe('ceph CLI: argument and input errors exit 2', () => {
  it.each([
    [[], 'missing command'],
    [['frobnicate', '--manifest', tiny], 'unknown command'],
    [['measure'], '--manifest <path> is required'],
    [['measure', '--manifest'], 'needs a value'],
    [['measure', '--manifest', tiny, '--format', 'xml'], '--format must be json or csv'],
    [['measure', '--manifest', tiny, '--analysis', 'nope'], 'unknown analysis: nope'],
    [['isbi-classes', '--manifest', tiny, '--format', 'csv'], 'unknown option'],
    [['measure', '--manifest', join(work, 'absent.json')], 'cannot read manifest'],
    [['measure', '--manifest', writeJson('bad.json', '{not json')], 'not valid JSON'],
    [['measure', '--manifest', writeJson('shape.json', { images: [] })], 'unexpected shape'],
  ])('%j → %s', (args, message) => {
    const r = run(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('usage:');
  });
});

describe('ceph CLI: measure', () => {
  it('prints JSON per image with registry ids, units, norms, z and status', () => {
    const r = spawnCli('measure', '--manifest', tiny, '--analysis', 'steiner');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('landmark name not in the registry, ignored: Not a landmark');
    const out = JSON.parse(r.stdout) as { id: string; measurements: Record<string, unknown>[] }[];
    expect(out).toHaveLength(1);
    expect(out[0]?.id).toBe('x1');
    const sna = out[0]?.measurements.find((m) => m['id'] === 'SNA');
    expect(sna).toMatchObject({ name: 'SNA', unit: 'deg', norm_mean: 82, norm_sd: 2, status: 'ok' });
    expect(sna?.['value']).toBeCloseTo(45, 9);
    expect(sna?.['z']).toBeCloseTo((45 - 82) / 2, 9);
    expect(out[0]?.measurements.find((m) => m['id'] === 'SNB')).toMatchObject({ value: null, z: null, status: 'incomplete' });
    for (const m of out[0]?.measurements ?? [])
      expect(Object.keys(m).sort()).toEqual(['id', 'name', 'norm_mean', 'norm_sd', 'status', 'unit', 'value', 'z']);
  });
  it('prints CSV with a header row', () => {
    const r = run('measure', '--manifest', tiny, '--analysis', 'bjork-jarabak', '--format', 'csv');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('image_id,measurement_id,name,value,unit,norm_mean,norm_sd,z,status');
    expect(lines.find((l) => l.startsWith('x1,ANT_CRANIAL_BASE,'))).toMatch(
      /^x1,ANT_CRANIAL_BASE,Anterior cranial base \(S–N\),70,mm,71,3,-0\.333/,
    );
  });
  const m38 = join(datasetDir, 'manifest38.json');
  (existsSync(m38) ? it : it.skip)(
    `measures every image of manifest38.json (all analyses)${existsSync(m38) ? '' : ` — skipped: ${m38} not found`}`,
    () => {
      const r = run('measure', '--manifest', m38);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { id: string; measurements: { id: string; value: number | null; status: string }[] }[];
      expect(out).toHaveLength(198);
      for (const image of out) {
        const v = (id: string): number => image.measurements.find((m) => m.id === id)?.value ?? Number.NaN;
        expect(v('FMA') + v('IMPA') + v('FMIA')).toBeCloseTo(180, 9);
        expect(image.measurements.every((m) => m.status !== 'ok' || Number.isFinite(m.value))).toBe(true);
      }
    },
  );
});

describe('ceph CLI: isbi-classes', () => {
  const m19 = join(datasetDir, 'manifest.json');
  (existsSync(m19) ? it : it.skip)(`agrees 100% with manifest.json${existsSync(m19) ? '' : ` — skipped: ${m19} not found`}`, () => {
    const r = run('isbi-classes', '--manifest', m19);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('agreement ANB=1.0000 SNB=1.0000 SNA=1.0000 ODI=1.0000 APDI=1.0000 FHI=1.0000 FMA=1.0000 MW=1.0000');
    expect(lines.filter((l) => /^\d{3} ANB=/.test(l))).toHaveLength(300);
  });
  it('reports incomplete images and ends with the agreement line', () => {
    const r = run('isbi-classes', '--manifest', tiny);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^x1 incomplete missing=Or,Po,B,/);
    expect(lines.at(-1)).toMatch(
      /^agreement ANB=\d\.\d{4} SNB=\d\.\d{4} SNA=\d\.\d{4} ODI=\d\.\d{4} APDI=\d\.\d{4} FHI=\d\.\d{4} FMA=\d\.\d{4} MW=\d\.\d{4}$/,
    );
  });
});
