import 'i18next';
import type { enFeatures } from './index.ts';
import type { en } from './locales/en.ts';

// Typed keys: t('header.signOut') is checked at compile time against the English dictionary.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enFeatures };
  }
}
