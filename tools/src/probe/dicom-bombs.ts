import { DICOM_CONTENT_TYPE } from '@ceppro/contract';
import sharp from 'sharp';
import { buildFilm, flatLosslessFrame, manyTinyElements, TRANSFER_SYNTAX, withFrameSize } from './dicom-files';
import type { ProbeClient, ProbeTally } from './probe-client';

/** An answer slower than this is a finding: the check must refuse or accept a crafted film quickly. */
export const DICOM_BOMB_SLOW_MS = 10_000;

const FILM = { rows: 1200, columns: 968 } as const;

/** The crafted films, each a 968 x 1200 DICOM as the probe's film is. */
async function bombs(): Promise<Array<{ name: string; bytes: Buffer }>> {
  const baseline = await sharp(Buffer.alloc(16 * 16, 80), { raw: { width: 16, height: 16, channels: 1 } })
    .jpeg()
    .toBuffer();
  const flat8 = Buffer.alloc(FILM.rows * FILM.columns, 90);
  return [
    {
      // Decoded as declared, 15000 x 15000 x 16 bit is 450 MB.
      name: 'dicom_lossless_bomb',
      bytes: buildFilm({
        ...FILM,
        transferSyntax: TRANSFER_SYNTAX.jpegLossless70,
        bitsAllocated: 16,
        bitsStored: 12,
        pixels: { frame: withFrameSize(flatLosslessFrame(8, 8), 15000, 15000) },
      }),
    },
    {
      name: 'dicom_baseline_bomb',
      bytes: buildFilm({ ...FILM, transferSyntax: TRANSFER_SYNTAX.jpegBaseline, pixels: { frame: withFrameSize(baseline, 16000, 16000) } }),
    },
    {
      // About 12 MB of header: one object per element would be a million objects.
      name: 'dicom_million_elements',
      bytes: buildFilm({ ...FILM, transferSyntax: TRANSFER_SYNTAX.explicitLE, pixels: flat8, extraElements: manyTinyElements(1_000_000) }),
    },
    {
      // A spacing no radiograph has: accepted without calibration, or refused, but never a division blowing up.
      name: 'dicom_spacing_1e-300',
      bytes: buildFilm({ ...FILM, transferSyntax: TRANSFER_SYNTAX.explicitLE, pixels: flat8, pixelSpacing: '1e-300\\1e-300' }),
    },
  ];
}

/**
 * Crafted DICOM films uploaded by `a` through the real upload flow (POST /minio/upload, the
 * presigned PUT, POST /minio/chart_data_request) to a patient and chart of its own, made here: a
 * JPEG Lossless frame declaring 15000 x 15000 and a JPEG Baseline frame declaring 16000 x 16000
 * inside a 968 x 1200 film, a header of 1,000,000 tiny elements (about 12 MB), and Pixel Spacing
 * 1e-300. Each must be refused or accepted within seconds: the notes say `<name>=refused:<code>:<ms>ms`
 * or `<name>=accepted:<ms>ms` (the check's time; `put_refused:<status>` when the PUT itself was
 * refused). A 5xx or no answer is counted by the client as a server error; an answer slower than
 * DICOM_BOMB_SLOW_MS is added to `tally` as a finding (and counted with the server errors, so the
 * probe fails). Pending images left by accepted films are discarded at the end. About 6 s in all.
 */
export async function dicomBombs(a: ProbeClient, tally: ProbeTally): Promise<{ sent: number; notes: string[] }> {
  const notes: string[] = [];
  let sent = 0;
  const patient = await a.mustGraphql<{ create_patient: { id: number } }>(
    'dicom bombs patient',
    'mutation($i: CreatePatientInput!) { create_patient(input: $i, draft: false) { id } }',
    { i: { first_name: 'Probe DICOM', birth_info: '1990-01-01', gender: false } },
  );
  const chart = await a.mustGraphql<{ create_chart: { chart_id: string } }>(
    'dicom bombs chart',
    'mutation($p: Int!) { create_chart(patient_id: $p, draft: false) { chart_id } }',
    { p: patient.create_patient.id },
  );
  const chartId = chart.create_chart.chart_id;
  sent += 2;
  for (const bomb of await bombs()) {
    const upload = await a.must(`${bomb.name} upload`, '/minio/upload', {
      chart_id: chartId,
      image_type_cd: '00700',
      content_type: DICOM_CONTENT_TYPE,
      size: bomb.bytes.length,
    });
    const put = await a.request(`${bomb.name} PUT`, 'PUT', String(upload.presignedUrl), new Uint8Array(bomb.bytes), {
      'content-type': DICOM_CONTENT_TYPE,
    });
    sent += 2;
    if (put.status !== 200) {
      notes.push(`${bomb.name}=put_refused:${put.status}`);
      continue;
    }
    const started = performance.now();
    const check = await a.post(`${bomb.name} check`, '/minio/chart_data_request', { upload_id: upload.upload_id });
    const ms = Math.round(performance.now() - started);
    sent += 1;
    const body = check.json as { success?: boolean; code?: string } | undefined;
    const outcome = body?.success === true ? 'accepted' : `refused:${body?.code ?? check.status}`;
    notes.push(`${bomb.name}=${outcome}:${ms}ms`);
    if (ms > DICOM_BOMB_SLOW_MS) {
      tally.serverErrors += 1;
      tally.findings.push(`SLOW ${bomb.name}: the upload check answered after ${ms} ms (${outcome})`);
    }
  }
  // The accepted films stay pending on the probe's own chart; leave nothing behind.
  await a.post('dicom bombs discard', '/api/discard-upload', { chart_id: chartId });
  sent += 1;
  return { sent, notes };
}
