import type { Locator, Page, Response } from '@playwright/test';
import { createActivatedUser, newUser, type TestUser } from './accounts.ts';
import { expectTruthy } from './expect-value.ts';
import { skip, type TestContext } from './harness.ts';
import { PatientsApi, datasetDir } from './patients-api.ts';

/**
 * A new activated account signed in to the API, for a flow on the dataset's films (made through the API
 * before the browser signs in). Skips the test when the dataset is absent.
 */
export async function datasetUser(t: TestContext, label: string): Promise<{ user: TestUser; api: PatientsApi }> {
  if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
  const user = newUser(label);
  await createActivatedUser(t.baseUrl, user);
  const api = new PatientsApi(t.baseUrl, user);
  await api.login();
  return { user, api };
}

/** Three points spread over the viewer's stage (around its centre): the clicks of a three-point alignment. */
export async function threeStagePoints(page: Page): Promise<Array<{ x: number; y: number }>> {
  const box = await page.getByTestId('viewer-stage').boundingBox();
  expectTruthy(box, 'the stage is on screen');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return [
    { x: cx - 90, y: cy - 120 },
    { x: cx + 110, y: cy - 30 },
    { x: cx - 10, y: cy + 140 },
  ];
}

/**
 * The next answer of the page's GraphQL endpoint to a request naming `operation` (e.g. `query VtoStoConfig`,
 * `SaveModifiedLandmarks`); `{ ok: true }` waits for one that carries no `errors`.
 */
export function graphqlAnswer(page: Page, operation: string, options: { timeout: number; ok?: boolean }): Promise<Response> {
  return page.waitForResponse(
    async (r) =>
      r.url().endsWith('/graphql') &&
      (r.request().postData() ?? '').includes(operation) &&
      (options.ok !== true || (r.status() === 200 && !(await r.text()).includes('"errors"'))),
    { timeout: options.timeout },
  );
}

/** Settings' default norm population set to `population`, waited for until the server has stored it. */
export async function chooseDefaultPopulation(page: Page, population: string): Promise<Locator> {
  await page.goto('/setting');
  const select = page.getByTestId('settings-norm-population-select');
  await select.waitFor();
  const stored = graphqlAnswer(page, 'UpdateSettings', { timeout: 20_000, ok: true });
  await select.selectOption(population);
  await stored;
  return select;
}

/** The landmark `id` drawn on the viewer's overlay (its `data-x` / `data-y` are image pixels). */
export const landmarkOn = (page: Page, id: string): Locator => page.locator(`[data-testid="landmark"][data-id="${id}"]`);

/** A numeric attribute (a landmark's `data-x`, an analysis row's `data-value`). */
export async function numberAttr(locator: Locator, name: string): Promise<number> {
  return Number(await locator.getAttribute(name));
}

/** Drags a landmark by its dot (the marker group's box also holds the label when names are shown) by screen pixels. */
export async function dragLandmarkBy(page: Page, target: Locator, dx: number, dy: number): Promise<void> {
  const box = await target.locator('.landmark__dot').boundingBox();
  expectTruthy(box, 'the landmark is on screen');
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 12 });
  await page.mouse.up();
}
