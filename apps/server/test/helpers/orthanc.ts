import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port';

/**
 * A real PACS for the tests: Debian's Orthanc with its DICOMweb plugin (QIDO-RS, WADO-RS, STOW-RS),
 * started on free ports in a throw-away folder (docs/pacs.md, "How it was tested"). Missing packages
 * fail the test with the command that installs them; `npm test` installs them when run as root
 * (scripts/test.mjs DEBIAN_NEEDS).
 */
export const ORTHANC_BIN = '/usr/sbin/Orthanc';
export const ORTHANC_DICOMWEB_PLUGIN = '/usr/share/orthanc/plugins/libOrthancDicomWeb.so';
export const IMG2DCM_BIN = '/usr/bin/img2dcm';
export const PACS_INSTALL_HINT = 'apt-get install -y orthanc orthanc-dicomweb dcmtk';

export interface OrthancOptions {
  /** HTTP basic credentials Orthanc demands; none when omitted. */
  auth?: { username: string; password: string };
}

export interface RunningOrthanc {
  /** The DICOMweb root, e.g. http://127.0.0.1:PORT/dicom-web (what PACS_SERVERS' url takes). */
  dicomWebUrl: string;
  /** Orthanc's own REST API root (http://127.0.0.1:PORT). */
  restUrl: string;
  /** Stores a DICOM file (`POST /instances`); answers Orthanc's ids of the instance and its study. */
  upload(bytes: Buffer): Promise<{ instanceId: string; studyId: string }>;
  stop(): Promise<void>;
}

/** Fails (never skips) when Orthanc, its DICOMweb plugin or dcmtk is missing. */
export function assertPacsToolsInstalled(): void {
  const missing = [ORTHANC_BIN, ORTHANC_DICOMWEB_PLUGIN, IMG2DCM_BIN].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`The PACS tests need Orthanc with DICOMweb and dcmtk (missing ${missing.join(', ')}): run \`${PACS_INSTALL_HINT}\``);
  }
}

function basicHeader(auth: OrthancOptions['auth']): Record<string, string> {
  if (!auth) return {};
  return { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` };
}

async function waitUntilAnswering(restUrl: string, headers: Record<string, string>, child: ChildProcess, log: string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      const tail = await readFile(log, 'utf8').catch(() => '');
      throw new Error(`Orthanc exited with ${child.exitCode} while starting:\n${tail.slice(-2000)}`);
    }
    const answer = await fetch(`${restUrl}/system`, { headers, signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (answer?.ok) {
      await answer.body?.cancel();
      return;
    }
    await answer?.body?.cancel();
    if (Date.now() > until) throw new Error(`Orthanc did not answer on ${restUrl} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts Orthanc with DICOMweb at `/dicom-web/` on 127.0.0.1 and waits until it answers. */
export async function startOrthanc(opts: OrthancOptions = {}): Promise<RunningOrthanc> {
  assertPacsToolsInstalled();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-orthanc-'));
  const [httpPort, dicomPort] = [await freePort(), await freePort()];
  const config = {
    Name: 'CepproTest',
    HttpPort: httpPort,
    DicomPort: dicomPort,
    DicomServerEnabled: false,
    StorageDirectory: path.join(dir, 'storage'),
    IndexDirectory: path.join(dir, 'index'),
    Plugins: [ORTHANC_DICOMWEB_PLUGIN],
    DicomWeb: { Enable: true, Root: '/dicom-web/' },
    RemoteAccessAllowed: false,
    AuthenticationEnabled: opts.auth !== undefined,
    RegisteredUsers: opts.auth ? { [opts.auth.username]: opts.auth.password } : {},
    HttpTimeout: 30,
    ConcurrentJobs: 1,
  };
  const configFile = path.join(dir, 'orthanc.json');
  await writeFile(configFile, JSON.stringify(config));
  const log = path.join(dir, 'orthanc.log');
  const fd = openSync(log, 'a');
  const child = spawn(ORTHANC_BIN, [configFile], { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const restUrl = `http://127.0.0.1:${httpPort}`;
  const headers = basicHeader(opts.auth);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilAnswering(restUrl, headers, child, log);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    dicomWebUrl: `${restUrl}/dicom-web`,
    restUrl,
    async upload(bytes) {
      const answer = await fetch(`${restUrl}/instances`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/dicom' },
        body: new Uint8Array(bytes),
      });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`Orthanc refused the instance: ${answer.status} ${text}`);
      const body = JSON.parse(text) as { ID: string; ParentStudy: string };
      return { instanceId: body.ID, studyId: body.ParentStudy };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** What `makeDicom` writes into the header (`img2dcm -k`). */
export interface DicomHeader {
  patientName: string;
  patientId: string;
  /** YYYYMMDD */
  studyDate: string;
  modality: 'CR' | 'DX' | 'OT' | string;
  /** Millimetres per pixel (row, column); left out when undefined. */
  pixelSpacingMm?: number;
  patientBirthDate?: string;
  patientSex?: 'M' | 'F' | 'O';
  studyDescription?: string;
  seriesDescription?: string;
  studyInstanceUid?: string;
}

/**
 * A DICOM file made by dcmtk's img2dcm from a baseline JPEG (the JPEG is encapsulated as it is, so
 * the pixels are exactly the JPEG's). Written in a temp folder and read back.
 */
export async function makeDicom(jpeg: Buffer, header: DicomHeader): Promise<Buffer> {
  assertPacsToolsInstalled();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-img2dcm-'));
  try {
    const input = path.join(dir, 'in.jpg');
    const output = path.join(dir, 'out.dcm');
    await writeFile(input, jpeg);
    const keys: string[] = [
      `PatientName=${header.patientName}`,
      `PatientID=${header.patientId}`,
      `StudyDate=${header.studyDate}`,
      `SeriesDate=${header.studyDate}`,
      `Modality=${header.modality}`,
      `StudyDescription=${header.studyDescription ?? 'Lateral ceph'}`,
      `SeriesDescription=${header.seriesDescription ?? 'LAT'}`,
    ];
    if (header.pixelSpacingMm !== undefined) keys.push(`PixelSpacing=${header.pixelSpacingMm}\\${header.pixelSpacingMm}`);
    if (header.patientBirthDate) keys.push(`PatientBirthDate=${header.patientBirthDate}`);
    if (header.patientSex) keys.push(`PatientSex=${header.patientSex}`);
    if (header.studyInstanceUid) keys.push(`StudyInstanceUID=${header.studyInstanceUid}`);
    const args = ['--no-checks', ...keys.flatMap((key) => ['-k', key]), input, output];
    const run = spawnSync(IMG2DCM_BIN, args, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`img2dcm failed (${run.status}): ${run.stderr}`);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const PDF2DCM_BIN = '/usr/bin/pdf2dcm';

/** A DICOM Encapsulated PDF (not an image: what the import must refuse), made by dcmtk's pdf2dcm from a one-page-less PDF. */
export async function makePdfDicom(header: Pick<DicomHeader, 'patientName' | 'patientId' | 'studyDate'>): Promise<Buffer> {
  assertPacsToolsInstalled();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-pdf2dcm-'));
  try {
    const input = path.join(dir, 'in.pdf');
    const output = path.join(dir, 'out.dcm');
    const pdf =
      '%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
    await writeFile(input, pdf);
    const args = ['+pn', header.patientName, '+pi', header.patientId, '-k', `StudyDate=${header.studyDate}`, '+t', 'Report', input, output];
    const run = spawnSync(PDF2DCM_BIN, args, { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdf2dcm failed (${run.status}): ${run.stderr}`);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
