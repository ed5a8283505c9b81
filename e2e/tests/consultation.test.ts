import { imagePoint, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import { storedAiLandmarkId } from '@ceppro/contract';
import { expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { facePhoto, placeProfile } from '../../apps/server/test/planning/face-photo.ts';
import { pogonionPlan } from '../../packages/contract/test/fixtures/vto-plan.ts';
import { test } from '../src/harness.ts';
import { PatientsApi, cephalogramPath } from '../src/patients-api.ts';
import { requireTool } from '../src/poppler.ts';
import { fromIp, signInThroughApi } from '../src/sign-in.ts';
import { datasetUser } from '../src/viewer-steps.ts';

/**
 * Consultation mode (issue 28 item 5) on a dataset film with a facial photo drawn from the film's own
 * profile, aligned by the server's auto-align and planned with the chin 5 mm forward: the viewer's
 * "Consultation" opens the full-screen view with the photo before and after, the tracings and the plan in
 * plain words; Korean shows the Korean sentence; the PDF is one page; the slider divides the photos; Close
 * returns to the viewer.
 */

const screensDir = process.env.E2E_SCREENS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '../../tmp/screens');

async function recordOf(api: PatientsApi, uuid: string): Promise<{ id: number; landmarks: LandmarkMap<ImagePoint> }> {
  const { charts } = await api.graphql<{ charts: Array<{ analysis_record_id: number | null }> }>(
    'query($u: String!) { charts(filter: { uuid: $u }) { analysis_record_id } }',
    { u: uuid },
  );
  const id = charts[0]?.analysis_record_id;
  if (!id) throw new Error('the chart has no analysis record');
  const { analysis_records } = await api.graphql<{
    analysis_records: {
      items: Array<{ infer_result: { landmarks: Array<{ cname: number; name: string; x: number; y: number }> } | null }>;
    };
  }>('query($id: Int!) { analysis_records(filter: { id: $id }) { items { infer_result } } }', { id });
  const landmarks: LandmarkMap<ImagePoint> = {};
  for (const l of analysis_records.items[0]?.infer_result?.landmarks ?? []) {
    const landmark: LandmarkId | null = storedAiLandmarkId(l);
    if (landmark) landmarks[landmark] = imagePoint(l.x, l.y);
  }
  return { id, landmarks };
}

test(
  'consultation: before/after photo, tracings and the plan in words; Korean; one-page PDF; slider; back to the viewer',
  async (t) => {
    const { user, api } = await datasetUser(t, 'consult');
    // The ISBI 2015 films are 0.2 mm per pixel: the plan's millimetres need the calibration.
    await api.graphql('mutation { update_user_config(input: { default_ppm: 5 }) { default_ppm } }');
    mkdirSync(screensDir, { recursive: true });
    const film = cephalogramPath(0);
    // The same film gives the same landmarks: a first chart tells them, the photo is drawn from its profile.
    const probe = await api.createPatient({ first_name: 'Probe Film', birth_info: '2009-04-01', gender: true }, { ceph: film });
    const { landmarks } = await recordOf(api, probe.chartUuid);
    const facePath = join(screensDir, 'consultation-face-photo.jpg');
    writeFileSync(
      facePath,
      await facePhoto(landmarks, 1, { transform: placeProfile(landmarks, 0.5, 4, { x: 330, y: 420 }), width: 640, height: 800 }),
    );
    const chart = await api.createPatient(
      { first_name: 'Mina Park', birth_info: '2008-02-10', gender: true },
      { ceph: film, face: facePath },
    );
    const record = await recordOf(api, chart.chartUuid);
    const aligned = await api.post('/ai/ceppro/ceph-autoalign', { chart_id: chart.chartId });
    expect(aligned['status']).toBe('aligned');
    expect(aligned['mirrored'] ?? false).toBe(false);
    const photo = aligned['photo'] as { chart_data_id: number };
    await api.saveRecordDocuments(record.id, {
      vto_sto_config: pogonionPlan(5, {
        autoAlign: { method: 'auto', photo_chart_data_id: photo.chart_data_id, transform: aligned['transform'], residual_px: null },
      }),
    });

    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      const { page } = await t.newPage({ ...fromIp(user.ip), viewport: size, acceptDownloads: true });
      await signInThroughApi(t.baseUrl, page.context(), user);
      await page.goto(`/viewer/${chart.chartUuid}`);
      await page.getByTestId('viewer-consultation').click();
      await expect(page).toHaveURL(new RegExp(`/consultation/${chart.chartUuid}$`));
      const view = page.getByTestId('consultation');
      await expect(view.getByRole('heading', { name: 'Your treatment plan' })).toBeVisible();
      await expect(page.getByTestId('consultation-plan')).toContainText('The chin moves forward 5 mm.');
      await expect(page.getByTestId('consultation-measure-ANB')).toContainText('How the jaws line up front-to-back (ANB)');
      await expect(page.getByTestId('consultation-measure-ANB')).toContainText(/usual range -?\d/);
      await expect(page.getByTestId('consultation-photo-after')).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
      await expect(page.getByTestId('consultation-photo-before')).toBeVisible();
      await expect(page.getByTestId('consultation-legend-predicted')).toHaveText('Expected after treatment (dashed line)');
      await expect(page.locator('.consultation-tracing__predicted')).not.toHaveCount(0);
      await t.screenshot(page, `consultation-en-side-by-side-${size.width}`);
      if (size.width !== 1280) {
        await page.close();
        continue;
      }

      await page.getByTestId('consultation-mode-slider').click();
      await expect(page.getByTestId('consultation-photos')).toHaveAttribute('data-mode', 'slider');
      await page.getByTestId('consultation-divider').fill('30');
      await expect(page.locator('.consultation-photos__clip')).toHaveAttribute('style', /inset\(0(px)? 70% 0(px)? 0(px)?\)/);
      await expect(page.getByTestId('consultation-photo-after')).toHaveAttribute('data-drawn', 'true');
      await t.screenshot(page, 'consultation-en-slider');

      // The patient's language: Korean words, the controls stay in the interface language.
      await page.getByTestId('consultation-language').selectOption('ko');
      await expect(page.getByTestId('consultation-plan')).toContainText('턱끝이 앞으로 5 mm 이동합니다.');
      await expect(view.getByRole('heading', { name: '나의 치료 계획' })).toBeVisible();
      await expect(page.getByTestId('consultation-print')).toHaveText('Print');
      await t.screenshot(page, 'consultation-ko-slider');
      await page.getByTestId('consultation-mode-side-by-side').click();
      await expect(page.getByTestId('consultation-photo-after')).toHaveAttribute('data-drawn', 'true');
      await t.screenshot(page, 'consultation-ko-side-by-side');

      // The one-page PDF, in the chosen language.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByTestId('consultation-pdf').click(),
      ]);
      const pdfPath = join(screensDir, 'consultation-ko.pdf');
      await download.saveAs(pdfPath);
      expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (requireTool('/usr/bin/pdfinfo')) {
        const info = execFileSync('/usr/bin/pdfinfo', [pdfPath], { encoding: 'utf8' });
        expect(info).toMatch(/^Pages:\s+1$/m);
        const text = execFileSync('/usr/bin/pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
        expect(text).toContain('턱끝이 앞으로 5 mm 이동합니다.');
        execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '50', '-singlefile', pdfPath, join(screensDir, 'consultation-ko-pdf')]);
      }

      // The browser's print of the screen: one A4 page.
      await page.emulateMedia({ media: 'print' });
      await t.screenshot(page, 'consultation-ko-print-media');
      const printed = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      const printedPath = join(screensDir, 'consultation-ko-print.pdf');
      writeFileSync(printedPath, printed);
      expect(execFileSync('/usr/bin/pdfinfo', [printedPath], { encoding: 'utf8' })).toMatch(/^Pages:\s+1$/m);
      await page.emulateMedia({ media: 'screen' });

      await page.getByTestId('consultation-close').click();
      await expect(page).toHaveURL(new RegExp(`/viewer/${chart.chartUuid}$`));
      await expect(page.getByTestId('viewer-consultation')).toBeVisible();

      // A chart without a plan or a photo: said plainly, the tracing shown; Esc returns to its viewer.
      await page.goto(`/consultation/${probe.chartUuid}`);
      await expect(page.getByTestId('consultation-note').first()).toHaveText(
        'No treatment plan has been made for this X-ray yet. The tracing shows your profile as it is today.',
      );
      await expect(page.getByTestId('consultation-note').nth(1)).toHaveText(
        'No facial photo has been added, so only the tracing is shown.',
      );
      await expect(page.getByTestId('consultation-tracing')).toBeVisible();
      await expect(page.getByTestId('consultation-legend-predicted')).toHaveCount(0);
      await expect(page.getByTestId('consultation-photos')).toHaveCount(0);
      await t.screenshot(page, 'consultation-en-no-plan');
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(new RegExp(`/viewer/${probe.chartUuid}$`));
      await page.close();
    }
  },
  { timeoutMs: 240_000 },
);
