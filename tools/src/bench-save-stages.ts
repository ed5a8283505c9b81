import type { Page, Request } from 'playwright-core';
import { percentile } from './landmark-metrics';

/**
 * What bench-save-to-landmarks.ts records around one Save: every request the page makes (epoch ms
 * from Playwright's resource timing), the WebSocket frames announcing a finished thumbnail job, and
 * marks the page itself sets on an animation frame (page-marks script below), so "on screen" means
 * "drawn by a frame".
 */
export interface Exchange {
  method: string;
  path: string;
  /** GraphQL operation name (or its first field) for POST /graphql. */
  operation: string | null;
  start: number;
  end: number;
}

export interface RunRecord {
  exchanges: Exchange[];
  thumbnailFrames: number[];
  marks: Record<string, number>;
}

/** Collects requests and socket frames of `page` until `stop()`; `take()` hands over what came since the last take. */
export function recordTraffic(page: Page): { take: () => Pick<RunRecord, 'exchanges' | 'thumbnailFrames'> } {
  let exchanges: Exchange[] = [];
  let thumbnailFrames: number[] = [];
  const done = (request: Request) => {
    const timing = request.timing();
    const url = new URL(request.url());
    exchanges.push({
      method: request.method(),
      path: url.pathname,
      operation: url.pathname === '/graphql' ? operationOf(request.postData()) : null,
      start: timing.startTime,
      end: timing.startTime + Math.max(0, timing.responseEnd),
    });
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (text.includes('job.completed') && text.includes('thumbnail')) thumbnailFrames.push(Date.now());
    });
  });
  return {
    take: () => {
      const out = { exchanges, thumbnailFrames };
      exchanges = [];
      thumbnailFrames = [];
      return out;
    },
  };
}

function operationOf(body: string | null): string {
  try {
    const { query } = JSON.parse(body ?? '{}') as { query?: string };
    const named = /\b(query|mutation)\s+(\w+)/.exec(query ?? '');
    if (named) return named[2] ?? '?';
    return /{\s*(\w+)/.exec(query ?? '')?.[1] ?? '?';
  } catch {
    return '?';
  }
}

/**
 * Installed with addInitScript: window.__bench.marks gets the epoch ms of the first frame on which
 * each thing was seen after the Save click (`save`): the new patient's row on the list (`list`),
 * the click on it (`rowClick`, made by this script on that frame), the viewer's route (`viewer`), its film (`image`), `expected`
 * landmarks (`landmarks`), the refusal popup (`refusal`). A string: tsx would wrap a function's inner
 * helpers in code the page lacks.
 */
export const PAGE_MARKS_SCRIPT = `(() => {
  const bench = { marks: {}, name: '', expected: 19 };
  window.__bench = bench;
  const mark = (k) => { if (bench.marks[k] === undefined) bench.marks[k] = Date.now(); };
  document.addEventListener('click', (e) => {
    const el = e.target instanceof Element ? e.target : null;
    if (el && el.closest('[data-testid="save"]')) mark('save');
    if (el && el.closest('[data-testid="patient-row"]')) mark('rowClick');
  }, true);
  const tick = () => {
    if (bench.marks.save !== undefined) {
      const path = location.pathname;
      if (path.startsWith('/list/')) {
        const rows = Array.from(document.querySelectorAll('[data-testid="patient-row"]'));
        const row = rows.find((r) => r.textContent && r.textContent.includes(bench.name));
        // Clicked on the frame that shows it: the figure is the product's, not the bench's reaction time.
        if (row && bench.marks.list === undefined) { mark('list'); row.click(); }
      }
      if (path.startsWith('/viewer/')) {
        mark('viewer');
        if (document.querySelector('[data-testid="viewer-image"]')) mark('image');
        if (document.querySelectorAll('[data-testid="landmark"]').length >= bench.expected) mark('landmarks');
      }
      const popup = document.querySelector('[data-testid="confirm-popup"]');
      if (popup && popup.textContent && popup.textContent.includes('X-ray not recognized')) mark('refusal');
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** One row of the stage table: a name and the stage's duration in one run (NaN when it did not happen). */
type Stage = [name: string, ms: (r: RunRecord) => number];

const first = (r: RunRecord, path: string, method = 'POST') => r.exchanges.find((e) => e.path === path && e.method === method);
const since = (r: RunRecord, from: number, until: number) => r.exchanges.filter((e) => e.start >= from && e.start <= until);
const graph = (list: Exchange[]) => list.filter((e) => e.path === '/graphql');

/** The stages from Save to landmarks on screen; they add up to the whole. */
export const STAGES: Stage[] = [
  ['prepare (draft patient+chart, socket)', (r) => (first(r, '/minio/upload')?.start ?? NaN) - (r.marks.save ?? NaN)],
  ['upload (presign + PUT)', (r) => putEnd(r) - (first(r, '/minio/upload')?.start ?? NaN)],
  ['check (chart_data_request)', (r) => (first(r, '/minio/chart_data_request')?.end ?? NaN) - putEnd(r)],
  ['thumbnail job (-> socket frame)', (r) => (r.thumbnailFrames[0] ?? NaN) - (first(r, '/minio/chart_data_request')?.end ?? NaN)],
  ['socket frame -> detection request', (r) => (first(r, '/ai/ceppro/ceph-landmark')?.start ?? NaN) - (r.thumbnailFrames[0] ?? NaN)],
  ['detection', (r) => durationOf(first(r, '/ai/ceppro/ceph-landmark'))],
  ['list refetch + route', (r) => (r.marks.list ?? NaN) - (first(r, '/ai/ceppro/ceph-landmark')?.end ?? NaN)],
  ['viewer queries', (r) => lastViewerGraphEnd(r) - (r.marks.rowClick ?? NaN)],
  ['render (last query -> landmarks)', (r) => (r.marks.landmarks ?? NaN) - lastViewerGraphEnd(r)],
];

function putEnd(r: RunRecord): number {
  return r.exchanges.find((e) => e.method === 'PUT')?.end ?? NaN;
}

function durationOf(e: Exchange | undefined): number {
  return e ? e.end - e.start : NaN;
}

function lastViewerGraphEnd(r: RunRecord): number {
  const calls = graph(since(r, r.marks.rowClick ?? Infinity, r.marks.landmarks ?? -Infinity));
  return calls.length ? Math.max(...calls.map((e) => e.end)) : (r.marks.rowClick ?? NaN);
}

/** GraphQL calls from Save to landmarks, and from the click on the row to landmarks (the viewer's opening). */
export function graphCounts(r: RunRecord): { afterSave: number; viewer: number } {
  const end = r.marks.landmarks ?? Infinity;
  return {
    afterSave: graph(since(r, r.marks.save ?? Infinity, end)).length,
    viewer: graph(since(r, r.marks.rowClick ?? Infinity, end)).length,
  };
}

/** Every request from the click on the row to landmarks on screen, ms after the click: the viewer's waterfall. */
export function viewerWaterfall(r: RunRecord): string {
  const click = r.marks.rowClick ?? NaN;
  return since(r, click, r.marks.landmarks ?? Infinity)
    .sort((a, b) => a.start - b.start)
    .map((e) => `  ${fmt(e.start - click).padStart(5)} -> ${fmt(e.end - click).padStart(5)}  ${e.method} ${e.operation ?? e.path}`)
    .join('\n');
}

/**
 * Not a stage (it overlaps the last two): the viewer's whole opening, from the click on the row to the
 * landmarks drawn, whatever its requests are (GraphQL, the film's URL, the film's bytes). Comparable
 * between builds that ask different requests, where "viewer queries" is not.
 */
export const VIEWER_OPENING: Stage = ['viewer opening (click -> landmarks)', (r) => (r.marks.landmarks ?? NaN) - (r.marks.rowClick ?? NaN)];

/** The stage table: median and p95 per stage over the runs, ms; then the viewer's opening as a whole. */
export function stageTable(runs: RunRecord[]): string {
  const lines = ['stage                                   p50 ms   p95 ms'];
  const row = ([name, ms]: Stage) => {
    const values = runs.map(ms).filter(Number.isFinite);
    return `${name.padEnd(38)} ${fmt(percentile(values, 50)).padStart(7)}  ${fmt(percentile(values, 95)).padStart(7)}`;
  };
  for (const stage of STAGES) lines.push(row(stage));
  lines.push('(the last two stages together, whatever the requests:)', row(VIEWER_OPENING));
  return lines.join('\n');
}

export const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : 'n/a');
