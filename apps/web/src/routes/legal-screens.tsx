import { LegalPage } from '../features/legal/components/legal-page.tsx';

/** `/terms`: the terms of service (public: linked from the footer and the sign-up agreements). */
export function TermsScreen() {
  return <LegalPage doc="terms" />;
}

/** `/privacy`: the privacy policy (public). */
export function PrivacyScreen() {
  return <LegalPage doc="privacy" />;
}
