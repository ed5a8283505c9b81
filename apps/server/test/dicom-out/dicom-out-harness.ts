import dcmjs from 'dcmjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FILM_300_SIZE, film300InferResult } from '../fixtures/film-300';
import type { ImageHarness, TestChart } from '../images/image-harness';

/** dicom3tools' IOD checker (Debian package dicom3tools); the tests fail, never skip, without it. */
export const DCIODVFY_BIN = '/usr/bin/dciodvfy';
export const DCIODVFY_INSTALL_HINT = 'apt-get install -y dicom3tools';

/** What dciodvfy says of a file: its Error lines (none for a valid object) and everything it printed. */
export async function dciodvfy(bytes: Buffer): Promise<{ errors: string[]; output: string }> {
  if (!existsSync(DCIODVFY_BIN)) {
    throw new Error(`The DICOM out tests check their files with dciodvfy (missing ${DCIODVFY_BIN}): run \`${DCIODVFY_INSTALL_HINT}\``);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'ceppro-dciodvfy-'));
  try {
    const file = path.join(dir, 'object.dcm');
    await writeFile(file, bytes);
    const run = spawnSync(DCIODVFY_BIN, [file], { encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    if (run.error) throw run.error;
    return { errors: output.split('\n').filter((line) => line.startsWith('Error')), output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A Part 10 file read back with dcmjs, as keywords (what a PACS or viewer would read). */
export function readDicom(bytes: Buffer): Record<string, unknown> & { meta: Record<string, unknown> } {
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  const file = dcmjs.data.DicomMessage.readFile(own.buffer);
  const { naturalizeDataset } = dcmjs.data.DicomMetaDictionary;
  return { ...naturalizeDataset(file.dict), meta: naturalizeDataset(file.meta) };
}

/** The bytes of a binary value as dcmjs reads it (an array of ArrayBuffers). */
export function binary(value: unknown): Buffer {
  const first = Array.isArray(value) ? value[0] : value;
  if (!(first instanceof ArrayBuffer)) throw new Error('not a binary value');
  return Buffer.from(first);
}

/** A person name as dcmjs gives it (a string or its component groups). */
export function personName(value: unknown): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'Alphabetic' in v) return String((v as { Alphabetic: unknown }).Alphabetic);
  return '';
}

/** A committed chart with the reference film's landmarks: `bytes` uploaded as its cephalogram. */
export async function reportableChart(
  t: ImageHarness,
  token: string,
  name: string,
  bytes: Buffer,
  contentType?: string,
): Promise<TestChart> {
  const chart = await t.chart(token, { name });
  await t.liveImage(token, chart.chartId, bytes, contentType ? { contentType } : {});
  await t.createRecord(token, chart.chartRef, { infer_result: film300InferResult(), img_size: FILM_300_SIZE });
  return chart;
}

/** A baseline JPEG of the reference film's size: a grey ramp, so the traced film's pixels can be told from the overlay. */
export async function filmJpeg(): Promise<Buffer> {
  const { width, height } = FILM_300_SIZE;
  const raw = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * width + x] = 40 + Math.round((x / width) * 120);
  return sharp(raw, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** POST a JSON body with a bearer token through the app; the raw answer. */
export async function post(t: ImageHarness, token: string, url: string, body: unknown) {
  const response = await t.h.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json')
    ? (JSON.parse(response.body) as { success: boolean; code?: string; data?: unknown; message?: string })
    : null;
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json };
}
