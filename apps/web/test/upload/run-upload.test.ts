import { afterEach, describe, expect, it, vi } from 'vitest';
import { runUpload, UploadFailedError, type UploadProgress } from '../../src/features/patients/upload/index.ts';
import { FAKE_CHART, installBackend } from './fake-backend.ts';

const ceph = () => new File([new Uint8Array(4000)], 'ceph.jpg', { type: 'image/jpeg' });
const face = () => new File([new Uint8Array(1000)], 'face.png', { type: 'image/png' });
const patient = { first_name: 'Kim', birth_info: '1990-05-01', gender: false };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<UploadFailedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadFailedError);
  return error as UploadFailedError;
}

describe('runUpload', () => {
  it('creates a draft patient and chart, uploads both images, waits for two thumbnails, detects landmarks', async () => {
    const backend = installBackend();
    const seen: UploadProgress[] = [];
    const result = await runUpload({ mode: 'create', patient }, { ceph: ceph(), face: face(), shootDate: '2024-03-02' }, (p) =>
      seen.push(p),
    );

    expect(result).toEqual({ chartUuid: FAKE_CHART.uuid, chartId: FAKE_CHART.chart_id, patientId: 7 });
    expect(backend.paths()).toEqual([
      '/graphql',
      '/graphql',
      '/minio/upload',
      '/minio/chart_data_request',
      '/minio/upload',
      '/minio/chart_data_request',
      '/ai/ceppro/ceph-landmark',
    ]);
    const [createPatient, createChart, firstUpload, , secondUpload] = backend.calls;
    expect(createPatient?.body).toMatchObject({ variables: { input: patient, draft: true } });
    expect(createChart?.body).toMatchObject({ variables: { patient_id: 7, draft: true } });
    expect(firstUpload?.body).toMatchObject({
      chart_id: FAKE_CHART.chart_id,
      image_type_cd: '00700',
      content_type: 'image/jpeg',
      size: 4000,
      shoot_date: '2024-03-02',
    });
    expect(secondUpload?.body).toMatchObject({ image_type_cd: '00710', content_type: 'image/png', size: 1000 });
    expect(backend.calls.every((c) => c.auth === 'Bearer access-1')).toBe(true);
    expect(backend.puts).toEqual([
      { url: '/files/uploads/1?exp=1&sig=x', contentType: 'image/jpeg', size: 4000 },
      { url: '/files/uploads/2?exp=1&sig=x', contentType: 'image/png', size: 1000 },
    ]);

    const [socket] = backend.sockets();
    expect(socket?.url).toBe(`ws://${window.location.host}/ws`);
    expect(socket?.sent.map((s) => JSON.parse(s) as unknown)).toEqual([{ type: 'jwt', token: 'access-1' }]);
    expect(socket?.closedByClient).toBe(true);

    const steps = [...new Set(seen.map((p) => p.step))];
    expect(steps).toEqual(['prepare', 'upload', 'thumbnail', 'detect', 'done']);
    const percents = seen.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b)); // never goes backwards
    expect(seen.at(-1)).toEqual({ step: 'done', percent: 100, uploadPercent: 100, thumbnailsSaved: 2, thumbnailsExpected: 2 });
    expect(seen.some((p) => p.step === 'upload' && p.uploadPercent > 0 && p.uploadPercent < 100)).toBe(true);
  });

  it('adds a chart to an existing patient with one image', async () => {
    const backend = installBackend();
    const seen: UploadProgress[] = [];
    const result = await runUpload({ mode: 'add', patientId: 7 }, { ceph: ceph() }, (p) => seen.push(p));
    expect(result.chartUuid).toBe(FAKE_CHART.uuid);
    expect(backend.paths()).toEqual(['/graphql', '/minio/upload', '/minio/chart_data_request', '/ai/ceppro/ceph-landmark']);
    expect(backend.calls[0]?.body).toMatchObject({ variables: { patient_id: 7, draft: true } });
    expect(seen.at(-1)?.thumbnailsExpected).toBe(1);
  });

  it('changes the image of a chart found by its chart_id', async () => {
    const backend = installBackend();
    const result = await runUpload({ mode: 'change', chartId: FAKE_CHART.chart_id }, { ceph: ceph() }, () => undefined);
    expect(result).toEqual({ chartUuid: FAKE_CHART.uuid, chartId: FAKE_CHART.chart_id, patientId: 7 });
    const query = backend.calls[0]?.body as { query: string; variables: unknown };
    expect(query.query).toContain('charts(filter: { chart_id: $chart_id })');
    expect(query.variables).toEqual({ chart_id: FAKE_CHART.chart_id });
  });

  it('a refused X-ray closes the socket, discards the upload and says not-recognized', async () => {
    const backend = installBackend({ landmark: 'refuse' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = await failure(runUpload({ mode: 'create', patient }, { ceph: ceph() }, () => undefined));
    expect(error.reason).toBe('not-recognized');
    expect(error.code).toBe('XRAY_NOT_RECOGNIZED');
    expect(backend.paths().at(-1)).toBe('/api/discard-upload');
    expect(backend.calls.at(-1)?.body).toEqual({ chart_id: FAKE_CHART.chart_id });
    expect(backend.sockets()[0]?.closedByClient).toBe(true);
  });

  it("counts only this chart's thumbnail jobs: another tab's text lines and events do not end the wait", async () => {
    const backend = installBackend({ foreignThumbnails: true });
    const error = await failure(runUpload({ mode: 'create', patient }, { ceph: ceph() }, () => undefined, { timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
    expect(backend.paths()).not.toContain('/ai/ceppro/ceph-landmark');
  });

  it('times out when the thumbnails never come, then discards', async () => {
    const backend = installBackend({ silentThumbnails: true });
    const error = await failure(runUpload({ mode: 'create', patient }, { ceph: ceph() }, () => undefined, { timeoutMs: 150 }));
    expect(error.reason).toBe('timeout');
    expect(backend.paths()).not.toContain('/ai/ceppro/ceph-landmark');
    expect(backend.paths().at(-1)).toBe('/api/discard-upload');
    expect(backend.sockets()[0]?.closedByClient).toBe(true);
  });

  it('an image the server refuses is invalid-image, and the draft is discarded', async () => {
    const backend = installBackend({ chartDataError: 'IMAGE_DIMENSIONS' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = await failure(runUpload({ mode: 'add', patientId: 7 }, { ceph: ceph() }, () => undefined));
    expect(error.reason).toBe('invalid-image');
    expect(error.code).toBe('IMAGE_DIMENSIONS');
    expect(backend.paths().at(-1)).toBe('/api/discard-upload');
  });

  it('a file that is not jpg/png is refused before anything is created', async () => {
    const backend = installBackend();
    const gif = new File([new Uint8Array(10)], 'x.gif', { type: 'image/gif' });
    const error = await failure(runUpload({ mode: 'create', patient }, { ceph: ceph(), face: gif }, () => undefined));
    expect(error.reason).toBe('invalid-image');
    expect(backend.calls).toEqual([]);
  });

  it('a storage that refuses the bytes as too large is invalid-image', async () => {
    const backend = installBackend({ putStatus: 413 });
    const error = await failure(runUpload({ mode: 'add', patientId: 7 }, { ceph: ceph() }, () => undefined));
    expect(error.reason).toBe('invalid-image');
    expect(backend.paths().at(-1)).toBe('/api/discard-upload');
  });

  it('the caller can abort; the run stops and discards', async () => {
    const backend = installBackend({ silentThumbnails: true });
    const controller = new AbortController();
    const run = runUpload(
      { mode: 'add', patientId: 7 },
      { ceph: ceph() },
      (p) => {
        if (p.step === 'thumbnail') controller.abort();
      },
      { signal: controller.signal },
    );
    const error = await failure(run);
    expect(error.cancelled).toBe(true);
    expect(backend.paths().at(-1)).toBe('/api/discard-upload');
  });
});
