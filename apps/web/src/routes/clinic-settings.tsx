import type { UserProfile } from '@ceppro/contract';
import { useUserInfo } from '../features/account/hooks/use-user-info.ts';
import { ClinicSection } from '../features/clinic/components/clinic-section.tsx';
import { emptySeed, type ClinicSeed } from '../features/clinic/components/create-clinic-form.tsx';

/** A new clinic starts from the hospital/company details the account gave at sign-up (docs/clinics.md, "Creating"). */
function seedOf(profile: UserProfile): ClinicSeed {
  return {
    name: profile.company_name ?? '',
    tax_number: profile.tax_number ?? '',
    tax_email: profile.tax_email ?? '',
    phone_number: profile.phone_number ?? '',
    zip_code: profile.zip_code ?? '',
    address1: profile.address1 ?? '',
    address2: profile.address2 ?? '',
  };
}

/** `/clinic`: the clinic section, seeded from my info (two features, composed here). */
export function ClinicSettings() {
  const profile = useUserInfo();
  const seed = profile.data ? seedOf(profile.data) : profile.isPending ? null : emptySeed;
  return <ClinicSection seed={seed} />;
}
