import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectTruthy } from '../src/expect-value.ts';
import { test } from '../src/harness.ts';
import { PatientsApi, cephalogramPath } from '../src/patients-api.ts';
import { requireTool } from '../src/poppler.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * The VTO/STO tab's surgical set-up on a dataset film: switching to "Surgical STO", a 5 mm Le Fort I
 * advancement moves the predicted ANS 5 mm (readout) and draws the prediction; a 3 mm impaction with
 * "Autorotate mandible" on turns the mandible by a non-zero angle about the condylar hinge shown; the
 * choices are stored (and only they), survive a reload, and the server PDF names the mode and the moves.
 */

const screensDir = process.env.E2E_SCREENS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');

async function openTab(page: Page): Promise<void> {
  await page.getByTestId('viewer-image').waitFor();
  await page.getByTestId('panel-tab-vto').click();
  await page.getByTestId('vto-panel').waitFor();
}

async function storedVto(api: PatientsApi, uuid: string): Promise<Record<string, unknown> | null> {
  const { charts } = await api.graphql<{ charts: Array<{ analysis_record_id: number | null }> }>(
    'query($u: String!) { charts(filter: { uuid: $u }) { analysis_record_id } }',
    { u: uuid },
  );
  const id = charts[0]?.analysis_record_id;
  expectTruthy(id, 'the chart has an analysis record');
  const { analysis_records } = await api.graphql<{
    analysis_records: { items: Array<{ vto_sto_config: Record<string, unknown> | null }> };
  }>('query($id: Int!) { analysis_records(filter: { id: $id }) { items { vto_sto_config } } }', { id });
  return analysis_records.items[0]?.vto_sto_config ?? null;
}

const angleOf = async (page: Page) => Number(await page.getByTestId('vto-autorotate-angle').getAttribute('data-deg'));

test(
  'sto: surgical set-up, Le Fort I +5 mm moves ANS 5 mm, autorotation turns the mandible, kept over reload, printed',
  async (t) => {
    const { user, api } = await datasetUser(t, 'sto');
    // The ISBI 2015 films here are 0.2 mm per pixel: movements in mm need the calibration.
    await api.graphql('mutation { update_user_config(input: { default_ppm: 5 }) { default_ppm } }');
    mkdirSync(screensDir, { recursive: true });
    const chart = await api.createPatient(
      { first_name: 'Sto Park', birth_info: '1998-05-12', gender: false },
      { ceph: cephalogramPath(0) },
    );

    const { page } = await t.newPage({ ...fromIp(user.ip), viewport: { width: 1440, height: 900 } });
    await signInThroughApi(t.baseUrl, page.context(), user);
    await page.goto(`/viewer/${chart.chartUuid}`);
    await openTab(page);

    // Orthodontic VTO is the default; the surgical set-up replaces the movement table.
    await expect(page.getByTestId('vto-mode-vto')).toBeChecked();
    await expect(page.getByTestId('vto-movement-table')).toBeVisible();
    await page.getByTestId('vto-mode-sto').check();
    await expect(page.getByTestId('sto-segment-table')).toBeVisible();
    await expect(page.getByTestId('vto-movement-table')).toHaveCount(0);

    // Le Fort I advancement of 5 mm: ANS, A and U1 come 5 mm forward, the upper lip by the 3-D ratio 0.2.
    await page.getByTestId('sto-maxilla-horizontal').fill('5');
    await expect(page.getByTestId('sto-move-ANS'), 'ANS predicted 5 mm forward').toHaveAttribute('data-h', '5.00');
    await expect(page.getByTestId('sto-move-ANS')).toContainText('+5.0');
    await expect(page.getByTestId('sto-move-A')).toHaveAttribute('data-h', '5.00');
    await expect(page.getByTestId('sto-move-Ls'), 'upper lip 0.2 × 5 mm').toHaveAttribute('data-h', '1.00');
    await expect(page.getByTestId('sto-move-B'), 'the mandible stays').toHaveAttribute('data-h', '0.00');
    // The prediction is drawn over the film, and SNA grows in the predicted measurements.
    await expect(page.getByTestId('vto-profile-layer')).toBeVisible();
    await page.getByTestId('vto-predicted-Ls').waitFor({ state: 'attached' });
    await expect(page.getByTestId('vto-measure-SNA')).toContainText('+');

    // A 2-D ratio for the upper lip: 0.5 × 5 mm.
    await page.getByTestId('sto-ratio-lefortAdvanceUpperLip-2d').click();
    await expect(page.getByTestId('sto-move-Ls')).toHaveAttribute('data-h', '2.50');

    // Impaction of 3 mm with autorotation: the mandible closes about the hinge by a positive angle.
    await page.getByTestId('sto-maxilla-vertical').fill('3');
    await page.getByTestId('vto-autorotate').check();
    await expect(page.getByTestId('vto-autorotate-hinge')).toHaveAttribute('data-hinge', /^(Co|Ar|estimate)$/);
    await expect.poll(() => angleOf(page), { message: 'a closing rotation', timeout: 10_000 }).toBeGreaterThan(0.5);
    await expect(page.getByTestId('vto-autorotate-angle')).toContainText('°');
    await expect
      .poll(async () => Number(await page.getByTestId('sto-move-Pog').getAttribute('data-h')), { message: 'chin forward' })
      .toBeGreaterThan(0);
    // An extra 2 mm of closing at the molars turns it further.
    const before = await angleOf(page);
    await page.getByTestId('vto-autorotate-extra').fill('2');
    await expect.poll(() => angleOf(page), { message: 'more rotation with the extra rise' }).toBeGreaterThan(before);
    const angle = await angleOf(page);
    await expect(page.getByTestId('vto-save-state'), 'the plan saved').toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'sto-en');
    await page.getByTestId('sto-ratio-lefortAdvanceUpperLip').scrollIntoViewIfNeeded();
    await t.screenshot(page, 'sto-en-ratios');

    // Kept over a reload.
    await page.getByTestId('panel-tab-landmarks').click();
    await page.reload();
    await openTab(page);
    await expect(page.getByTestId('vto-mode-sto'), 'mode restored').toBeChecked();
    await expect(page.getByTestId('sto-maxilla-horizontal')).toHaveValue('5');
    await expect(page.getByTestId('sto-maxilla-vertical')).toHaveValue('3');
    await expect(page.getByTestId('vto-autorotate')).toBeChecked();
    await expect(page.getByTestId('vto-autorotate-extra')).toHaveValue('2');
    await expect(page.getByTestId('sto-move-ANS')).toHaveAttribute('data-h', '5.00');
    await expect(page.getByTestId('sto-move-Ls')).toHaveAttribute('data-h', '2.50');
    await expect.poll(() => angleOf(page), { message: 'the same rotation after the reload' }).toBeCloseTo(angle, 2);

    // The server PDF names the mode and lists the segment moves and the rotation.
    await page.getByTestId('panel-tab-report').click();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByTestId('download-pdf').click()]);
    const pdfPath = join(screensDir, 'sto-server-report.pdf');
    await download.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdftotext = '/usr/bin/pdftotext';
    if (requireTool(pdftotext)) {
      const text = execFileSync(pdftotext, ['-layout', pdfPath, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Plan: Surgical STO/);
      expect(text).toMatch(/Maxilla \(Le Fort I\)\s+5\.0\s+3\.0\s+0\.0\s+U1/);
      expect(text).toMatch(/Mandibular autorotation: \+\d+\.\d° about (Co|Ar|estimated condyle)/);
    }

    // Korean.
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await page.reload();
    await openTab(page);
    await expect(page.getByTestId('vto-mode')).toContainText('수술 STO');
    await expect(page.getByTestId('sto-segment-table')).toContainText('상악 (Le Fort I)');
    await expect(page.getByTestId('vto-autorotate-angle')).toContainText('회전');
    await page.locator('.viewer-stage__status').waitFor({ state: 'detached' });
    await t.screenshot(page, 'sto-ko');
    await page.evaluate(() => localStorage.setItem('ceppro.language', 'en'));
    // Only the choices are stored (a new API sign-in ends the browser's session: last).
    await api.login();
    const stored = await storedVto(api, chart.chartUuid);
    const data = stored?.data as Record<string, unknown> | undefined;
    expect(data?.mode).toBe('sto');
    expect((data?.surgery as Record<string, unknown>).maxilla).toStrictEqual({ horizontal: 5, vertical: 3, rotation: 0, pivot: 'U1' });
    expect(data?.autorotation).toStrictEqual({ enabled: true, contact: 'molar', verticalMm: 2 });
    expect(JSON.stringify(stored).includes('"landmarks"'), 'no predicted points in the document').toBe(false);
  },
  { timeoutMs: 240_000 },
);
