import { expect, type Page } from '@playwright/test';
import { createActivatedUser, newUser, type TestUser } from '../src/accounts.ts';
import { skip, test, type TestContext } from '../src/harness.ts';
import { linkIn, newestMail, outboxMark } from '../src/outbox.ts';
import { cephalogramPath, datasetDir } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

/*
 * Clinics in the browser (Step 16, docs/clinics.md): an owner creates a clinic from the sign-up details
 * and invites a doctor and an assistant by e-mail; each accepts in their own browser, signing in on the
 * invitation page; an outsider works in a third browser all along. In the clinic the owner registers a
 * patient; the doctor sees it (with its creator) after switching, the outsider never does, the
 * assistant sees it without editing, export or report controls. Once removed, the assistant sees
 * nothing of the clinic. Screenshots of the clinic settings and the header's switcher in English and Korean.
 */

const PATIENT = 'Clinic Patient';

/** The accept link of the newest invitation mail to `user`: its path and query on this server. */
async function invitationPath(user: TestUser, seen: Set<string>): Promise<string> {
  const link = new URL(linkIn(await newestMail(user.email, seen)));
  expect(link.pathname).toBe('/clinic/join');
  return `${link.pathname}${link.search}`;
}

/** Opens the mailed link signed out, signs in on the invitation page and lands back on it, signed in. */
async function acceptInvitation(t: TestContext, user: TestUser, path: string, role: string): Promise<Page> {
  const { page } = await t.newPage(fromIp(user.ip));
  await page.goto(path);
  await page.getByTestId('join-signed-out').waitFor();
  if (role === 'Doctor') await t.screenshot(page, 'clinic-join-signed-out-en');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const name = page.getByTestId('join-clinic-name');
  await name.waitFor();
  await expect(name).toHaveText('E2E Dental Clinic', { useInnerText: true });
  await expect(page.getByTestId('join-role')).toHaveText(role, { useInnerText: true });
  if (role === 'Doctor') await t.screenshot(page, 'clinic-join-en');
  await page.getByTestId('join-accept').click();
  await page.getByTestId('join-done').waitFor();
  return page;
}

/** A new account's first patient list shows the tutorial once per tab. */
async function closeTutorial(page: Page): Promise<void> {
  await page.getByTestId('tutorial-close').click();
  await page.getByTestId('tutorial-popup').waitFor({ state: 'detached' });
}

async function switchSpace(page: Page, to: 'clinic' | 'personal'): Promise<void> {
  await page.getByTestId('space-switcher').click();
  await page.getByTestId(`space-${to}`).click();
  await expect(page.getByTestId('space-current'), `working in the ${to} space`).toHaveAttribute('data-space', to);
}

test(
  'clinics: an owner invites a doctor and an assistant who accept in their own browsers; the clinic’s patient is theirs, ' +
    'never the outsider’s; the assistant has no edit or export controls and, once removed, sees nothing of the clinic',
  async (t) => {
    if (!datasetDir()) skip('the ISBI 2015 dataset is absent (set CEPH_DATASET_DIR or provide ../shared/datasets/isbi2015)');
    const [owner, doctor, assistant] = [newUser('owner'), newUser('doctor'), newUser('assistant')];
    await Promise.all([owner, doctor, assistant].map((u) => createActivatedUser(t.baseUrl, u)));
    // The outsider works beside them the whole time, signed in in a third browser.
    const outside = await t.newPage(undefined, { signedIn: true });
    const outsider = outside.page;
    await outsider.goto('/list/0');
    await outsider.getByTestId('list-empty').waitFor();

    // The owner: no clinic yet, no switcher; the form starts from the sign-up's company details.
    const { page: own } = await t.newPage(fromIp(owner.ip));
    await signInThroughUi(own, owner);
    await expect(own.getByTestId('space-switcher'), 'no switcher without a clinic').toHaveCount(0);
    await own.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await own.getByRole('link', { name: 'Clinic', exact: true }).click();
    const name = own.getByTestId('clinic-name');
    await name.waitFor();
    await expect(name).toHaveValue('E2E Dental Clinic');
    await expect(own.getByTestId('clinic-address1')).toHaveValue('1 Test Street');
    await own.getByTestId('clinic-create-submit').click();
    await own.getByTestId('clinic-details').waitFor();
    await expect(own.getByTestId('space-current'), 'creating does not switch').toHaveText('Personal', { useInnerText: true });

    // Invitations: mailed links to the clinic's accept page.
    const seen = outboxMark();
    for (const [user, role] of [
      [doctor, 'doctor'],
      [assistant, 'assistant'],
    ] as const) {
      await own.getByTestId('invite-email').fill(user.email);
      await own.getByTestId('invite-role').selectOption(role);
      await own.getByTestId('invite-send').click();
      await own.getByTestId('invite-sent').filter({ hasText: user.email }).waitFor();
    }
    await expect(own.getByTestId('clinic-invitation')).toHaveCount(2);
    const [doctorLink, assistantLink] = [await invitationPath(doctor, seen), await invitationPath(assistant, seen)];
    await t.screenshot(own, 'clinic-settings-invited-en', { fullPage: true });

    // Each invitee accepts in their own browser, signing in on the invitation page.
    const doc = await acceptInvitation(t, doctor, doctorLink, 'Doctor');
    const asst = await acceptInvitation(t, assistant, assistantLink, 'Assistant');
    await own.reload();
    await expect(own.getByTestId('clinic-member'), 'three members').toHaveCount(3);
    await expect(own.getByTestId('clinic-invitation'), 'accepted invitations are no longer pending').toHaveCount(0);
    await t.screenshot(own, 'clinic-settings-en', { fullPage: true });

    // The owner works in the clinic now and registers a patient there.
    await switchSpace(own, 'clinic');
    await own.waitForURL((u) => u.pathname === '/list/0');
    await own.getByTestId('space-switcher').click();
    await own.getByTestId('space-personal').waitFor();
    await t.screenshot(own, 'clinic-switcher-en');
    await own.keyboard.press('Escape');
    await own.getByTestId('new-patient').click();
    await own.getByTestId('drop-ceph-input').setInputFiles(cephalogramPath(1));
    await own.getByTestId('np-name').fill(PATIENT);
    await own.getByTestId('np-birth').fill('2011-04-03');
    await own.getByTestId('np-gender-male').check();
    const save = own.getByTestId('save');
    await expect(save, 'Save enabled').toBeEnabled();
    await save.click();
    await own.waitForURL((u) => u.pathname === '/list/0', { timeout: 60_000 });
    await own.getByTestId('patient-row').filter({ hasText: PATIENT }).waitFor();
    await expect(own.getByTestId('row-created-by').first()).toHaveText(new RegExp(`Created by ${owner.name}`), { useInnerText: true });

    // The doctor: nothing of it in their personal space; the clinic's patient after switching, with its creator.
    await doc.getByTestId('join-to-list').click();
    await closeTutorial(doc);
    await doc.getByTestId('list-empty').waitFor(); // the personal space has none of the clinic's patients
    await switchSpace(doc, 'clinic');
    const docRow = doc.getByTestId('patient-row').filter({ hasText: PATIENT });
    await docRow.waitFor();
    await expect(docRow.getByTestId('row-created-by')).toHaveText(new RegExp(`Created by ${owner.name}`), { useInnerText: true });
    await expect(docRow.getByTestId('row-delete'), 'a doctor may delete').toHaveCount(1);

    // The outsider, at the same time: still nothing, and the chart's address shows nothing either.
    await docRow.click();
    await doc.waitForURL((u) => u.pathname.startsWith('/viewer/'));
    const chartPath = new URL(doc.url()).pathname;
    await outsider.reload();
    await outsider.getByTestId('list-empty').waitFor();
    await outsider.goto(chartPath);
    await outsider.getByTestId('viewer-not-found').waitFor();
    await expect(outsider.getByTestId('space-switcher')).toHaveCount(0);

    // The assistant switches from the invitation page: the patient, read-only, nothing to export or print.
    await asst.getByTestId('join-switch').click();
    await asst.waitForURL((u) => u.pathname === '/list/0');
    await closeTutorial(asst);
    const asstRow = asst.getByTestId('patient-row').filter({ hasText: PATIENT });
    await asstRow.waitFor();
    await expect(asstRow.getByTestId('row-delete'), 'an assistant deletes nothing').toHaveCount(0);
    await expect(asst.getByTestId('batch-export-open'), 'an assistant exports nothing').toHaveCount(0);
    await asstRow.click();
    await asst.waitForURL((u) => u.pathname === chartPath);
    await asst.getByTestId('role-note-landmarks').waitFor();
    await expect(asst.getByTestId('reset-ai-all'), 'no landmark editing').toHaveCount(0);
    await expect(asst.getByTestId('drawing-mode'), 'no drawing').toHaveCount(0);
    await asst.getByTestId('toggle-drawing').waitFor(); // showing or hiding drawings is still theirs
    await asst.getByTestId('panel-tab-analysis').click();
    await asst.getByTestId('role-note-export').waitFor();
    await expect(asst.getByTestId('export-all-analyses'), 'no chart exports').toHaveCount(0);
    await asst.getByTestId('panel-tab-report').click();
    await asst.getByTestId('role-note-report').waitFor();
    await expect(asst.getByTestId('download-pdf'), 'no report PDF').toHaveCount(0);
    await t.screenshot(asst, 'clinic-assistant-viewer-en');

    // The owner removes the assistant (asked first).
    await own.goto('/clinic');
    const assistantRow = own.getByTestId('clinic-member').filter({ hasText: assistant.email });
    await assistantRow.getByTestId('member-remove').click();
    await own.getByTestId('confirm-popup').getByRole('button', { name: 'Remove' }).click();
    await expect(own.getByTestId('clinic-member'), 'the assistant removed').toHaveCount(2);

    // The removed assistant: no clinic, no switcher, none of its patients, not even by address.
    await asst.goto('/list/0');
    await asst.getByTestId('list-empty').waitFor();
    await expect(asst.getByTestId('space-switcher'), 'no clinic to switch to').toHaveCount(0);
    await asst.goto(chartPath);
    await asst.getByTestId('viewer-not-found').waitFor();
    await asst.goto('/clinic');
    await asst.getByTestId('clinic-create').waitFor();

    // Korean: the owner's clinic settings and switcher.
    await own.getByTestId('language-picker').click();
    await own.getByRole('menuitemradio', { name: '한국어' }).click();
    await own.getByTestId('clinic-my-role').filter({ hasText: '내 역할' }).waitFor();
    await t.screenshot(own, 'clinic-settings-ko', { fullPage: true });
    await own.getByTestId('space-switcher').click();
    await own.getByTestId('space-personal').waitFor();
    await t.screenshot(own, 'clinic-switcher-ko');
  },
  { timeoutMs: 240_000 },
);
