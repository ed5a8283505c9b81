import { expect, type Page } from '@playwright/test';
import { createActivatedUser, encodePassword, newUser, type TestUser } from '../src/accounts.ts';
import { expectTruthy } from '../src/expect-value.ts';
import { animationsDone } from '../src/expect.ts';
import { skip, test } from '../src/harness.ts';
import { linkIn, newestMail, outboxMark } from '../src/outbox.ts';
import { PatientsApi, cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

/*
 * Two members of one clinic on one chart (Step 16, docs/clinics.md "Sessions"), each in their own
 * browser: the owner draws and saves; the doctor, whose pad was loaded before, draws too and the save
 * is refused: the doctor is told someone else changed the chart and sees the owner's drawing, not
 * their own. The other way round in Korean. Screenshots of the message in English and Korean.
 */

/** A REST call with a fresh session of `user` (the browser signs in later: one session per person). */
async function apiSession(baseUrl: string, user: TestUser) {
  const res = await fetch(`${baseUrl}/public/login`, {
    method: 'POST',
    headers: { 'x-forwarded-for': user.ip, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: user.email, password: encodePassword(user.password) }),
  });
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token;
  expectTruthy(token, `login ${user.email}`);
  return async (method: 'POST' | 'PUT', path: string, body: unknown): Promise<{ data?: { clinic?: { uuid?: string } | null } }> => {
    const reply = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'x-forwarded-for': user.ip, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await reply.text();
    expect(reply.status, `${method} ${path}: ${text}`).toBe(200);
    return JSON.parse(text) as { data?: { clinic?: { uuid?: string } | null } };
  };
}

async function openViewer(page: Page, chartUuid: string): Promise<void> {
  await page.goto(`/viewer/${chartUuid}`);
  await page.getByTestId('viewer-image').waitFor();
  await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
  await page.getByTestId('drawing-mode').click();
  await page.getByTestId('drawing-tool-line').click();
}

/** Draws a line across a fraction of the stage (a screen drag). */
async function drawLine(page: Page, fy: number): Promise<void> {
  const box = await page.getByTestId('viewer-stage').boundingBox();
  expectTruthy(box);
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * fy);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * fy, { steps: 8 });
  await page.mouse.up();
}

async function saveStatus(page: Page, status: 'saved', what: string): Promise<void> {
  await expect(page.getByTestId('drawing-save-status'), what).toHaveAttribute('data-status', status, { timeout: 15_000 });
}

/** Refused as stale: the message is shown and the other member's drawing replaces this one's. */
async function refusedAndReloaded(page: Page, shapesAfter: number, title: string, who: string): Promise<void> {
  const toast = page.locator('[data-testid="toast"][data-kind="warning"]');
  await toast.filter({ hasText: title }).waitFor({ timeout: 15_000 });
  await animationsDone(toast);
  await expect(
    page.getByTestId('drawing-layer'),
    `${who} sees the other member's drawings (${shapesAfter}), not their refused one`,
  ).toHaveAttribute('data-count', String(shapesAfter), { timeout: 10_000 });
}

test(
  'chart conflict: two members of one clinic draw on one chart; the second save is refused with a message and the newer drawing shown',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const [owner, doctor] = [newUser('cfowner'), newUser('cfdoctor')];
    await Promise.all([owner, doctor].map((u) => createActivatedUser(t.baseUrl, u)));

    // The clinic, its doctor (invited and accepted through the API) and a patient in it.
    const asOwner = await apiSession(t.baseUrl, owner);
    const created = await asOwner('POST', '/api/clinic', { name: 'Conflict Clinic' });
    const clinic = created.data?.clinic?.uuid;
    expectTruthy(clinic, `the clinic: ${JSON.stringify(created)}`);
    await asOwner('PUT', '/api/clinic/space', { clinic_uuid: clinic });
    const seen = outboxMark();
    await asOwner('POST', '/api/clinic/invitations', { email: doctor.email, role: 'doctor' });
    const token = new URL(linkIn(await newestMail(doctor.email, seen))).searchParams.get('token');
    expectTruthy(token, 'the invitation carries a token');
    const asDoctor = await apiSession(t.baseUrl, doctor);
    await asDoctor('POST', '/api/clinic/invitations/accept', { token });
    await asDoctor('PUT', '/api/clinic/space', { clinic_uuid: clinic });
    const api = new PatientsApi(t.baseUrl, owner);
    await api.login();
    const patient = await api.createPatient(
      { first_name: 'Shared Chart', birth_info: '2011-03-04', gender: false },
      { ceph: cephalogramPath(1), shootDate: '2022-02-02' },
    );

    const { page: own } = await t.newPage({ ...fromIp(owner.ip), viewport: { width: 1440, height: 900 } });
    const { page: doc } = await t.newPage({ ...fromIp(doctor.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughUi(own, owner);
    await signInThroughUi(doc, doctor);
    await openViewer(own, patient.chartUuid);
    await openViewer(doc, patient.chartUuid);

    // The owner saves first; the doctor's pad (loaded before) is stale: refused, the owner's line shown.
    await drawLine(own, 0.3);
    await saveStatus(own, 'saved', "the owner's line is saved");
    await drawLine(doc, 0.5);
    await refusedAndReloaded(doc, 1, 'Chart changed by someone else', 'the doctor');
    await t.screenshot(doc, 'chart-conflict-en');

    // Now the doctor is current: their save lands, and the owner's next one (in Korean) is refused.
    await own.evaluate(() => window.localStorage.setItem('ceppro.language', 'ko'));
    await openViewer(own, patient.chartUuid);
    await drawLine(doc, 0.6);
    await saveStatus(doc, 'saved', "the doctor's line is saved from the owner's revision");
    await drawLine(own, 0.7);
    await refusedAndReloaded(own, 2, '다른 사람이 차트를 변경함', 'the owner');
    await t.screenshot(own, 'chart-conflict-ko');
  },
  { timeoutMs: 120_000 },
);
