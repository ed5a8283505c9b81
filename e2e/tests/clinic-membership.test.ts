import { expect } from '@playwright/test';
import { newUser } from '../src/accounts.ts';
import { clinicThroughApi } from '../src/clinic-api.ts';
import { test } from '../src/harness.ts';
import { fromIp, signInThroughUi } from '../src/sign-in.ts';

/*
 * Membership per clinic in the browser (issue 25 item 3, docs/billing.md "Clinics"): in a clinic,
 * /membership is the clinic's subscription with its seats; the owner sees the clinic's tax details,
 * invoices and the cancel button, a doctor sees the plan and seats and is told the owner manages it.
 * The clinic is made through the API (its screens are clinics.test.ts'); invoices per clinic and their
 * download are tested through HTTP (apps/server/test/membership/clinic-membership.test.ts).
 */

test(
  "clinic membership: the owner manages the clinic's subscription and seats, a doctor sees it; Korean too",
  async (t) => {
    const owner = newUser('seatowner');
    const doctor = newUser('seatdoctor');
    await clinicThroughApi(t.baseUrl, 'Seats Dental Clinic', owner, [{ user: doctor, role: 'doctor' }]);

    // The owner: the clinic, two seats at ₩50,000, ₩100,000 a month, the clinic's tax details and Cancel.
    const ownerPage = (await t.newPage({ ...fromIp(owner.ip), locale: 'en-US' })).page;
    await signInThroughUi(ownerPage, owner);
    await ownerPage.goto('/membership');
    const section = ownerPage.getByTestId('membership');
    await section.waitFor();
    await expect(ownerPage.getByTestId('membership-clinic')).toHaveText('Seats Dental Clinic');
    await expect(ownerPage.getByTestId('membership-seats')).toHaveText('2 members × ₩50,000');
    const ownerText = await section.innerText();
    expect(ownerText).toMatch(/₩100,000 a month/);
    expect(ownerText).toMatch(/No charges yet\./);
    await ownerPage.getByTestId('membership-tax-number').waitFor();
    await expect(section.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(1);
    await expect(ownerPage.getByTestId('membership-owner-note')).toHaveCount(0);
    await t.screenshot(ownerPage, 'clinic-membership-owner-en', { fullPage: true });

    // A doctor: the same plan and seats; no payment details, invoices or cancel; the owner manages it.
    const doctorPage = (await t.newPage({ ...fromIp(doctor.ip), locale: 'en-US' })).page;
    await signInThroughUi(doctorPage, doctor);
    await doctorPage.goto('/membership');
    const doctorSection = doctorPage.getByTestId('membership');
    await doctorSection.waitFor();
    await expect(doctorPage.getByTestId('membership-seats')).toHaveText('2 members × ₩50,000');
    await expect(doctorSection).toContainText(/₩100,000 a month/, { useInnerText: true });
    await doctorPage.getByTestId('membership-owner-note').waitFor();
    await expect(doctorPage.getByTestId('membership-tax-number')).toHaveCount(0);
    await expect(doctorPage.getByTestId('membership-history')).toHaveCount(0);
    await expect(doctorSection.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    await t.screenshot(doctorPage, 'clinic-membership-doctor-en', { fullPage: true });

    await doctorPage.evaluate(() => localStorage.setItem('ceppro.language', 'ko'));
    await doctorPage.reload();
    await doctorSection.waitFor();
    await expect(doctorPage.getByTestId('membership-seats')).toHaveText('구성원 2명 × ₩50,000');
    await expect(doctorPage.getByTestId('membership-owner-note')).toContainText(/병원 소유자가 관리/);
    await t.screenshot(doctorPage, 'clinic-membership-doctor-ko', { fullPage: true });
  },
  { timeoutMs: 120_000 },
);
