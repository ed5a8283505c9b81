import {
  IMAGE_TYPE,
  IMAGE_UPLOAD,
  NEW_PATIENT_TIMEOUT_MS,
  imageContentTypeSchema,
  type ImageTypeCd,
  type UploadChart,
} from '@ceppro/contract';
import { cookieTokenStore } from '../../../lib/api/index.ts';
import { RealtimeSocket } from '../../../lib/realtime/realtime-socket.ts';
import {
  createDraftChart,
  createDraftPatient,
  detectLandmarks,
  discardUpload,
  findChart,
  requestChartData,
  requestUpload,
} from './api/upload-api.ts';
import { putFile } from './api/put-file.ts';
import { abortable, CANCELLED, TIMED_OUT, toUploadFailure } from './failure.ts';
import { ProgressTracker } from './progress.ts';
import { UploadFailedError, type UploadImages, type UploadProgress, type UploadResult, type UploadTarget } from './types.ts';

/** How long a failed run waits for the discard call before giving up on it (the server sweeps anyway). */
const DISCARD_WAIT_MS = 3_000;

interface Slot {
  file: File;
  imageType: ImageTypeCd;
}

/**
 * docs/spec-points.md §4, "New patient creation" and "Image change": makes the draft patient and/or chart
 * (or finds the chart), opens the socket, uploads each image (presigned PUT), waits for one
 * completed thumbnail job of this chart per image, runs landmark detection (which commits the drafts) and closes
 * the socket. Everything must finish within `timeoutMs` (docs/spec-points.md §9: 30 s). On failure, time-out
 * or abort the socket is closed, the upload is discarded (best effort) and UploadFailedError thrown.
 */
export async function runUpload(
  target: UploadTarget,
  images: UploadImages,
  onProgress: (p: UploadProgress) => void,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<UploadResult> {
  const slots: Slot[] = [{ file: images.ceph, imageType: IMAGE_TYPE.cephalogram }];
  if (images.face) slots.push({ file: images.face, imageType: IMAGE_TYPE.lateralFace });
  for (const slot of slots) checkImage(slot.file);

  const run = new AbortController();
  const timer = setTimeout(() => run.abort(TIMED_OUT), options.timeoutMs ?? NEW_PATIENT_TIMEOUT_MS);
  const onCallerAbort = () => run.abort(CANCELLED);
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort);

  const state: RunState = { chartId: null, socket: null };
  const progress = new ProgressTracker(
    slots.map((s) => s.file.size),
    onProgress,
  );
  try {
    return await abortable(pipeline(target, slots, images.shootDate ?? null, progress, state, run.signal), run.signal);
  } catch (error) {
    state.socket?.close();
    if (state.chartId !== null) await Promise.race([discardUpload(state.chartId), delay(DISCARD_WAIT_MS)]);
    throw toUploadFailure(error, run.signal);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    state.socket?.close();
    // Stops whatever the pipeline still has in flight (a PUT, the thumbnail wait) after a failure.
    if (!run.signal.aborted) run.abort(CANCELLED);
  }
}

interface RunState {
  /** Set as soon as a chart exists that a failure must discard. */
  chartId: string | null;
  socket: RealtimeSocket | null;
}

async function pipeline(
  target: UploadTarget,
  slots: Slot[],
  shootDate: string | null,
  progress: ProgressTracker,
  state: RunState,
  signal: AbortSignal,
): Promise<UploadResult> {
  progress.enter('prepare');
  const chart = await abortable(resolveChart(target, signal), signal);
  state.chartId = chart.chart_id;

  const token = cookieTokenStore.token();
  if (token === null) throw new UploadFailedError('server', 'Not signed in.', { code: 'J001' });
  const socket = await RealtimeSocket.connect(token, { signal });
  state.socket = socket;
  // Listen before the first byte goes up, so that no thumbnail message is missed.
  const thumbnails = waitForThumbnails(socket, slots.length, chart.uuid, signal, (n) => progress.thumbnail(n));
  thumbnails.catch(() => undefined); // observed below; a failure during the uploads must not go unhandled

  progress.enter('upload');
  for (const [index, slot] of slots.entries()) {
    const contentType = imageContentTypeSchema.parse(slot.file.type);
    const upload = await abortable(
      requestUpload({ chartId: chart.chart_id, imageType: slot.imageType, contentType, size: slot.file.size, shootDate }),
      signal,
    );
    await putFile(upload.presignedUrl, slot.file, upload.content_type, (loaded) => progress.bytes(index, loaded), signal);
    await abortable(requestChartData(upload.upload_id), signal);
  }

  progress.enter('thumbnail');
  await thumbnails;

  progress.enter('detect');
  const detection = await abortable(detectLandmarks(chart.chart_id), signal);
  socket.close();
  progress.enter('done');
  return { chartUuid: detection.chart_uuid, chartId: chart.chart_id, patientId: chart.patient.id };
}

async function resolveChart(target: UploadTarget, signal: AbortSignal): Promise<UploadChart> {
  switch (target.mode) {
    case 'create': {
      const patientId = await createDraftPatient(target.patient);
      if (signal.aborted) throw signal.reason;
      return createDraftChart(patientId);
    }
    case 'add':
      return createDraftChart(target.patientId);
    case 'change': {
      const chart = await findChart(target.chartId);
      if (chart === null) throw new UploadFailedError('server', 'The chart was not found.', { code: 'NOT_FOUND' });
      return chart;
    }
  }
}

/**
 * Resolves when `expected` thumbnail jobs of this chart have completed (typed `job.completed`,
 * job `thumbnail`, this chart's uuid, each job counted once). The spec's text line "DB thumbnail
 * Saved" is not counted: it names no chart, so an upload in another tab could satisfy it. Rejects
 * when one of this chart's thumbnail jobs fails or the socket drops.
 */
function waitForThumbnails(
  socket: RealtimeSocket,
  expected: number,
  chartUuid: string,
  signal: AbortSignal,
  onCount: (saved: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = new Set<string>();
    const offs: Array<() => void> = [];
    const finish = (error: unknown) => {
      for (const off of offs) off();
      signal.removeEventListener('abort', onAbort);
      if (error === null) resolve();
      else reject(error);
    };
    const onAbort = () => finish(signal.reason);
    signal.addEventListener('abort', onAbort);
    offs.push(
      socket.on('job.completed', (event) => {
        if (event.job !== 'thumbnail' || event.chartUuid !== chartUuid || done.has(event.jobId)) return;
        done.add(event.jobId);
        onCount(done.size);
        if (done.size >= expected) finish(null);
      }),
      socket.on('job.failed', (event) => {
        if (event.job === 'thumbnail' && event.chartUuid === chartUuid) {
          finish(new UploadFailedError('server', event.message, { code: event.code }));
        }
      }),
      socket.on('closed', () => finish(new UploadFailedError('network', 'The real-time connection closed.'))),
    );
  });
}

/** Refuses what the server would refuse anyway, before any draft is made (docs/spec-points.md §5: jpg/png). */
function checkImage(file: File): void {
  if (!imageContentTypeSchema.safeParse(file.type).success) {
    throw new UploadFailedError('invalid-image', 'Only JPEG and PNG images are accepted.', { code: 'IMAGE_NOT_SUPPORTED' });
  }
  if (file.size === 0 || file.size > IMAGE_UPLOAD.maxBytes) {
    throw new UploadFailedError('invalid-image', 'The image is empty or larger than allowed.', { code: 'IMAGE_TOO_LARGE' });
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
