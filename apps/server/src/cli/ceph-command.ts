// Batch cephalometrics over a dataset manifest (manifest.json / manifest38.json format).
//
//   ceph measure --manifest <path> [--analysis <id>] [--format json|csv]
//   ceph isbi-classes --manifest <path>
//
// Exit codes: 0 ok, 2 bad arguments or unreadable/invalid manifest, 1 unexpected failure.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  ANALYSES,
  ISBI_CLASS_NAMES,
  UNCALIBRATED,
  calibrationFromPixelSpacing,
  evaluateMeasurements,
  getAnalysis,
  imagePoint,
  interpretMeasurement,
  isbiAgreement,
  isbiClasses,
  isbiPointsFromLandmarks,
  landmarkIdFromName,
  measurementsOfAnalyses,
  type Calibration,
  type ImagePoint,
  type IsbiClasses,
  type LandmarkId,
  type LandmarkMap,
} from '@ceppro/ceph';

const USAGE = `usage:
  ceph measure --manifest <path> [--analysis <id>] [--format json|csv]
  ceph isbi-classes --manifest <path>
analyses: ${ANALYSES.map((a) => a.id).join(', ')}`;

/** An error the user can fix (bad arguments, unreadable manifest): printed without a stack, exit 2. */
class UsageError extends Error {}

const point = z.tuple([z.number(), z.number()]).nullable();
const manifestSchema = z.object({
  pixel_spacing_mm: z.number().positive().optional(),
  original_pixel_spacing_mm: z.number().positive().optional(),
  downscale: z.number().positive().optional(),
  landmark_names: z.array(z.string()).min(1),
  images: z.array(
    z.object({
      id: z.string(),
      landmarks: z.array(point),
      isbi_classes: z.record(z.string(), z.number()).nullable().optional(),
    }),
  ),
});
type Manifest = z.infer<typeof manifestSchema>;

interface Args {
  command: 'measure' | 'isbi-classes';
  manifest: string;
  analysis: string | null;
  format: 'json' | 'csv';
}

function parseArgs(argv: readonly string[]): Args {
  const [command, ...rest] = argv;
  if (command !== 'measure' && command !== 'isbi-classes')
    throw new UsageError(command === undefined ? 'missing command' : `unknown command: ${command}`);
  const opts = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i] as string;
    const value = rest[i + 1];
    const allowed = command === 'measure' ? ['--manifest', '--analysis', '--format'] : ['--manifest'];
    if (!allowed.includes(key)) throw new UsageError(`unknown option for ${command}: ${key}`);
    if (value === undefined || value.startsWith('--')) throw new UsageError(`option ${key} needs a value`);
    opts.set(key, value);
  }
  const manifest = opts.get('--manifest');
  if (manifest === undefined) throw new UsageError('--manifest <path> is required');
  const format = opts.get('--format') ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError(`--format must be json or csv, got ${format}`);
  const analysis = opts.get('--analysis') ?? null;
  if (analysis !== null && getAnalysis(analysis) === undefined) throw new UsageError(`unknown analysis: ${analysis}`);
  return { command, manifest, analysis, format };
}

function readManifest(path: string): Manifest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read manifest ${path}: ${(e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`manifest ${path} is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UsageError(`manifest ${path} has an unexpected shape: ${first ? `${first.path.join('.')}: ${first.message}` : 'invalid'}`);
  }
  return parsed.data;
}

/** Registry id per manifest column (matched by name), warning once about names the registry lacks. */
function columnIds(manifest: Manifest, io: CephIo): (LandmarkId | null)[] {
  return manifest.landmark_names.map((name) => {
    const id = landmarkIdFromName(name);
    if (id === null) io.err(`warning: landmark name not in the registry, ignored: ${name}\n`);
    return id;
  });
}

function landmarkMap(columns: readonly (LandmarkId | null)[], points: Manifest['images'][number]['landmarks']): LandmarkMap<ImagePoint> {
  const out: LandmarkMap<ImagePoint> = {};
  columns.forEach((id, i) => {
    const p = points[i];
    if (id !== null && p !== undefined && p !== null) out[id] = imagePoint(p[0], p[1]);
  });
  return out;
}

interface Row {
  id: string;
  name: string;
  value: number | null;
  unit: string;
  norm_mean: number | null;
  norm_sd: number | null;
  z: number | null;
  status: string;
}

function measure(args: Args, manifest: Manifest, io: CephIo): void {
  const analyses = args.analysis === null ? ANALYSES : [getAnalysis(args.analysis)].filter((a) => a !== undefined);
  const defs = measurementsOfAnalyses(analyses);
  const calibration: Calibration =
    manifest.pixel_spacing_mm === undefined
      ? UNCALIBRATED
      : calibrationFromPixelSpacing(manifest.pixel_spacing_mm, manifest.pixel_spacing_mm);
  if (calibration.kind === 'uncalibrated') io.err('warning: manifest has no pixel_spacing_mm; lengths are reported in px\n');
  const columns = columnIds(manifest, io);
  const images = manifest.images.map((image) => {
    const results = evaluateMeasurements(defs, landmarkMap(columns, image.landmarks), calibration);
    const measurements: Row[] = results.map((r, i) => {
      const def = defs[i];
      if (def === undefined) throw new Error('measurement/result mismatch');
      const interp = interpretMeasurement(def, r);
      return {
        id: def.id,
        name: def.name,
        value: r.status === 'ok' ? r.value : null,
        unit: r.status === 'ok' ? r.unit : def.unit,
        norm_mean: def.norm?.mean ?? null,
        norm_sd: def.norm?.sd ?? null,
        z: interp.z,
        status: r.status,
      };
    });
    return { id: image.id, measurements };
  });
  if (args.format === 'json') {
    io.out(`${JSON.stringify(images, null, 1)}\n`);
    return;
  }
  const cell = (v: string | number | null): string => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = ['image_id,measurement_id,name,value,unit,norm_mean,norm_sd,z,status'];
  for (const image of images) {
    for (const m of image.measurements) {
      lines.push([image.id, m.id, m.name, m.value, m.unit, m.norm_mean, m.norm_sd, m.z, m.status].map(cell).join(','));
    }
  }
  io.out(`${lines.join('\n')}\n`);
}

function isbi(manifest: Manifest, io: CephIo): void {
  const toOriginal =
    manifest.downscale ??
    (manifest.pixel_spacing_mm !== undefined && manifest.original_pixel_spacing_mm !== undefined
      ? manifest.pixel_spacing_mm / manifest.original_pixel_spacing_mm
      : 1);
  const spacing =
    manifest.original_pixel_spacing_mm ?? (manifest.pixel_spacing_mm !== undefined ? manifest.pixel_spacing_mm / toOriginal : 0.1);
  const columns = columnIds(manifest, io);
  const pairs: { predicted: IsbiClasses; expected: IsbiClasses }[] = [];
  for (const image of manifest.images) {
    const pts = isbiPointsFromLandmarks(landmarkMap(columns, image.landmarks), toOriginal);
    if (!pts.ok) {
      io.out(`${image.id} incomplete missing=${pts.missing.join(',')}\n`);
      continue;
    }
    const predicted = isbiClasses(pts.points, spacing);
    const expectedRaw = image.isbi_classes ?? null;
    const expected =
      expectedRaw !== null && ISBI_CLASS_NAMES.every((n) => typeof expectedRaw[n] === 'number') ? (expectedRaw as IsbiClasses) : null;
    const cells = ISBI_CLASS_NAMES.map((n) => {
      const mark = expected === null ? '' : expected[n] === predicted[n] ? '' : ` (expected ${expected[n]})`;
      return `${n}=${predicted[n]}${mark}`;
    });
    io.out(`${image.id} ${cells.join(' ')}\n`);
    if (expected !== null) pairs.push({ predicted, expected });
  }
  const agreement = isbiAgreement(pairs);
  io.out(`images compared: ${pairs.length} of ${manifest.images.length}\n`);
  io.out(`agreement ${ISBI_CLASS_NAMES.map((n) => `${n}=${agreement[n].toFixed(4)}`).join(' ')}\n`);
}

/** Where the command writes (the process's stdout and stderr in ceph.ts; strings in tests). */
export interface CephIo {
  out(text: string): void;
  err(text: string): void;
}

/** `ceph <argv>`: returns the exit code (ceph.ts is the process's entry point; tests call this in-process). */
export function cephCommand(argv: readonly string[], io: CephIo): number {
  try {
    const args = parseArgs(argv);
    const manifest = readManifest(args.manifest);
    if (args.command === 'measure') measure(args, manifest, io);
    else isbi(manifest, io);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    io.err(`unexpected error: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}
