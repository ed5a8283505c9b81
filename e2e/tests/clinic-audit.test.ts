import { newUser } from '../src/accounts.ts';
import { clinicThroughApi } from '../src/clinic-api.ts';
import { expect } from '@playwright/test';
import { test } from '../src/harness.ts';
import { PatientsApi } from '../src/patients-api.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

/*
 * The clinic's audit trail on the web (issue 25 item 6, docs/clinics.md "The audit trail"): the owner
 * switches My info's activity log to the clinic's trail and sees a doctor's work on a clinic patient,
 * named by the doctor's first name; the doctor (no `audit.read_clinic`) gets only their own log, with
 * no switch. The clinic is made through the API (its screens are clinics.test.ts').
 */

test(
  "clinic audit: the owner reads the clinic's trail with the members' names; a doctor only their own; Korean too",
  async (t) => {
    const owner = newUser('auditowner');
    const doctor = newUser('auditdoctor');
    await clinicThroughApi(t.baseUrl, 'Audit Dental Clinic', owner, [{ user: doctor, role: 'doctor' }]);
    const doctorApi = new PatientsApi(t.baseUrl, doctor);
    await doctorApi.login();
    // The doctor registers a clinic patient and opens it: two events on the clinic's data, by the doctor.
    const patient = await doctorApi.graphql<{ create_patient: { id: number } }>(
      'mutation($i: CreatePatientInput!) { create_patient(input: $i) { id } }',
      { i: { first_name: 'Audited Patient', birth_info: '2012-03-04', gender: false } },
    );
    await doctorApi.graphql('query($id: Int!) { patient(id: $id) { id } }', { id: patient.create_patient.id });

    // The owner: their own log first, then the clinic's trail naming the doctor.
    const ownerPage = (await t.newPage({ ...fromIp(owner.ip), locale: 'en-US', viewport: { width: 1440, height: 900 } })).page;
    await signInThroughUi(ownerPage, owner);
    await ownerPage.goto('/myinfo');
    const log = ownerPage.getByTestId('activity-log');
    await log.waitFor();
    await expect(log).toHaveAttribute('data-scope', 'mine');
    await ownerPage.getByTestId('audit-scope-clinic').click();
    await expect(log, 'the clinic trail shown').toHaveAttribute('data-scope', 'clinic');
    await ownerPage.getByRole('heading', { name: "The clinic's activity log" }).waitFor();
    const createdRows = log.locator('[data-testid="audit-row"][data-action="patient.create"]');
    await createdRows.first().waitFor();
    await expect(createdRows.first().getByTestId('audit-actor')).toHaveText(doctor.name, { useInnerText: true });
    expect(
      await log.locator('[data-testid="audit-row"][data-action="patient.view"]').count(),
      "the doctor's patient view",
    ).toBeGreaterThanOrEqual(1);
    await t.screenshot(ownerPage, 'clinic-audit-owner-en', { fullPage: true });
    // The shared filter form works on the clinic's trail: nothing of the kind "charts" happened yet.
    await ownerPage.getByTestId('audit-action').selectOption('chart');
    await ownerPage.getByRole('button', { name: 'Apply' }).click();
    await log.getByText('No activity matches these filters.').waitFor();

    // The doctor: their own log, no switch to the clinic's trail.
    const doctorPage = (await t.newPage({ ...fromIp(doctor.ip), locale: 'en-US' })).page;
    await signInThroughUi(doctorPage, doctor);
    await doctorPage.goto('/myinfo');
    await doctorPage.getByTestId('audit-table').waitFor();
    await expect(doctorPage.getByTestId('audit-scope-clinic')).toHaveCount(0);

    await ownerPage.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await ownerPage.reload();
    await log.waitFor();
    await ownerPage.getByTestId('audit-scope-clinic').click();
    await ownerPage.getByRole('heading', { name: '병원 활동 기록' }).waitFor();
    await log.locator('[data-testid="audit-row"][data-action="patient.create"]').first().waitFor();
    await t.screenshot(ownerPage, 'clinic-audit-owner-ko', { fullPage: true });
  },
  { timeoutMs: 120_000 },
);
