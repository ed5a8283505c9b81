import { expect, type Page, type Request } from '@playwright/test';
import { expectAtLeast } from '../src/expect.ts';
import { test } from '../src/harness.ts';
import { cephalogramPath } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * Step 17 item 1: the viewer's first paint (film and AI landmarks) needs one GraphQL request, not a
 * chart query followed by the record's (asked by the chart's integer id) and the settings', and no
 * separate request for the film's signed URL. The page's own `fetch` is watched from before its
 * scripts run: each call notes whether the landmarks were already in the document when it was made
 * (a request made after that cannot have held them up), and the network side (page.on('request'))
 * must show the same one request.
 */

const FLOW = { timeoutMs: 150_000 };

interface Call {
  url: string;
  body: string;
  /** The landmarks were in the document when the call was made. */
  afterLandmarks: boolean;
}

/** Installed before the page's scripts: every fetch call in `window.__calls`, and `window.__landmarksAt` once 19 landmarks show. */
const WATCH = `(() => {
  const calls = [];
  window.__calls = calls;
  const shown = () => document.querySelectorAll('[data-testid="landmark"]').length >= 19;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, body: init && typeof init.body === 'string' ? init.body : '', afterLandmarks: shown() });
    return original(input, init);
  };
  const observer = new MutationObserver(() => {
    if (window.__landmarksAt === undefined && shown()) window.__landmarksAt = Date.now();
  });
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
})()`;

/** The GraphQL operation's name (or first field) of a POST /graphql body. */
function operationOf(body: string | null): string {
  try {
    const { query } = JSON.parse(body ?? '{}') as { query?: string };
    return /\b(?:query|mutation)\s+(\w+)/.exec(query ?? '')?.[1] ?? /{\s*(\w+)/.exec(query ?? '')?.[1] ?? '?';
  } catch {
    return '?';
  }
}

async function landmarksAt(page: Page): Promise<number> {
  const at = () => page.evaluate(() => (window as unknown as { __landmarksAt?: number }).__landmarksAt ?? 0);
  // A time the page recorded in a script variable (not DOM): polled.
  await expect.poll(at, { message: 'AI landmarks drawn', timeout: 30_000 }).toBeGreaterThan(0);
  return at();
}

test(
  'viewer first paint: one GraphQL request from the click on the row to the film and landmarks on screen',
  async (t) => {
    const { user, api } = await datasetUser(t, 'first-paint');
    const { chartUuid } = await api.createPatient(
      { first_name: 'Paint Han', birth_info: '2011-03-04', gender: true },
      { ceph: cephalogramPath(2), shootDate: '2025-09-01' },
    );
    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await page.addInitScript(WATCH);
    await signInThroughUi(page, user);
    const row = page.getByTestId('patient-row').first();
    await row.waitFor();

    const network: Request[] = [];
    page.on('request', (request) => network.push(request));
    await page.evaluate(() => ((window as unknown as { __calls: Call[] }).__calls.length = 0));
    await row.click();
    await page.waitForURL((u) => u.pathname === `/viewer/${chartUuid}`);
    await page.getByTestId('viewer-image').waitFor();
    await landmarksAt(page);

    const calls = await page.evaluate(() => (window as unknown as { __calls: Call[] }).__calls);
    const before = calls.filter((c) => !c.afterLandmarks);
    const graph = before.filter((c) => c.url.endsWith('/graphql')).map((c) => operationOf(c.body));
    expect(graph, `one GraphQL request before the landmarks, got ${graph.join(', ')}`).toStrictEqual(['ViewerFirstPaint']);
    // The film's signed URL came with it: no POST /minio/download for the full film (list thumbnails ask with thumbnail_only_check).
    const filmUrls = before.filter((c) => c.url.endsWith('/minio/download') && !/"thumbnail_only_check":\s*true/.test(c.body));
    expect(filmUrls.length, 'no separate request for the film URL before the landmarks').toBe(0);
    // What the network saw: that one request, once.
    const sent = network.filter((r) => r.url().endsWith('/graphql') && operationOf(r.postData()) === 'ViewerFirstPaint');
    expect(sent.length, 'ViewerFirstPaint sent once').toBe(1);
    // The film is drawn from that URL, and the landmarks on it.
    await expectAtLeast(page.getByTestId('landmark'), 19, { message: 'landmarks still shown' });
    await expect(page.getByTestId('viewer-stage').locator('.viewer-stage__status'), 'film loaded (no loading or error status)').toHaveCount(
      0,
    );
  },
  FLOW,
);
