/**
 * npx tsx tools/src/onnx-parity.ts <parity dir> <model manifest.json> [--tolerance 1e-3]
 *
 * The release's export check: runs the exported ONNX files (through onnxruntime-node, as the
 * server does) on the inputs `python -m ceph_ml.parity` saved and compares with the PyTorch
 * outputs saved beside them. Exit 1 when any logit differs by more than the tolerance.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as ort from 'onnxruntime-node';
import { z } from 'zod';
import { readModelManifest } from '../../apps/server/src/inference/model-manifest.ts';
import { userPath } from '../../apps/server/src/cli/dataset-manifest.ts';
import { runMain } from './bench-cli';

const indexSchema = z.record(z.string(), z.array(z.number().int().positive()));

async function f32(path: string): Promise<Float32Array> {
  const b = await readFile(path);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { tolerance: { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 2) {
    console.error('usage: onnx-parity <parity dir> <model manifest.json> [--tolerance 1e-3]');
    return 2;
  }
  const dir = userPath(positionals[0]!);
  const manifestPath = userPath(positionals[1]!);
  const tol = Number(values.tolerance ?? '1e-3');
  const index = indexSchema.parse(JSON.parse(await readFile(resolve(dir, 'index.json'), 'utf8')));
  const m = await readModelManifest(manifestPath);
  const opts: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 2, graphOptimizationLevel: 'all' };
  const g = await ort.InferenceSession.create(resolve(dirname(manifestPath), m.global.file), opts);
  const f = await ort.InferenceSession.create(resolve(dirname(manifestPath), m.fine.file), opts);
  const gOut = await g.run({ image: new ort.Tensor('float32', await f32(resolve(dir, 'global_in.f32')), index.global_in!) });
  const fineShape = index.fine_in!;
  const ids = BigInt64Array.from({ length: fineShape[0]! }, (_, i) => BigInt(i));
  const fOut = await f.run({
    patches: new ort.Tensor('float32', await f32(resolve(dir, 'fine_in.f32')), fineShape),
    landmark: new ort.Tensor('int64', ids, [ids.length]),
  });
  const dg = maxAbsDiff(gOut.heatmaps!.data as Float32Array, await f32(resolve(dir, 'global_out.f32')));
  const df = maxAbsDiff(fOut.heatmaps!.data as Float32Array, await f32(resolve(dir, 'fine_out.f32')));
  const ok = dg <= tol && df <= tol;
  console.log(
    `onnx-parity ${m.id} ${m.version}: global max|diff|=${dg.toExponential(2)} ` +
      `fine max|diff|=${df.toExponential(2)} tolerance=${tol} -> ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok ? 0 : 1;
}

runMain(main, 'message');
