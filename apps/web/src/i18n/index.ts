import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './languages.ts';
import { en, type Dictionary } from './locales/en.ts';
import { enPatients, type PatientsDictionary } from './locales/en-patients.ts';
import { enUpload, type UploadDictionary } from './locales/en-upload.ts';
import { enAnalysis, type AnalysisDictionary } from './locales/en-analysis.ts';
import { enReport, type ReportDictionary } from './locales/en-report.ts';
import { enViewer, type ViewerDictionary } from './locales/en-viewer.ts';
import { enSettings, type SettingsDictionary } from './locales/en-settings.ts';
import { enAboutAi, type AboutAiDictionary } from './locales/en-about-ai.ts';
import { ja } from './locales/ja.ts';
import { jaPatients } from './locales/ja-patients.ts';
import { jaUpload } from './locales/ja-upload.ts';
import { jaAnalysis } from './locales/ja-analysis.ts';
import { jaReport } from './locales/ja-report.ts';
import { jaViewer } from './locales/ja-viewer.ts';
import { jaSettings } from './locales/ja-settings.ts';
import { jaAboutAi } from './locales/ja-about-ai.ts';
import { ko } from './locales/ko.ts';
import { koPatients } from './locales/ko-patients.ts';
import { koUpload } from './locales/ko-upload.ts';
import { koAnalysis } from './locales/ko-analysis.ts';
import { koReport } from './locales/ko-report.ts';
import { koViewer } from './locales/ko-viewer.ts';
import { koSettings } from './locales/ko-settings.ts';
import { koAboutAi } from './locales/ko-about-ai.ts';
import { vi } from './locales/vi.ts';
import { viPatients } from './locales/vi-patients.ts';
import { viUpload } from './locales/vi-upload.ts';
import { viAnalysis } from './locales/vi-analysis.ts';
import { viReport } from './locales/vi-report.ts';
import { viViewer } from './locales/vi-viewer.ts';
import { viSettings } from './locales/vi-settings.ts';
import { viAboutAi } from './locales/vi-about-ai.ts';
import { zh } from './locales/zh.ts';
import { zhPatients } from './locales/zh-patients.ts';
import { zhUpload } from './locales/zh-upload.ts';
import { zhAnalysis } from './locales/zh-analysis.ts';
import { zhReport } from './locales/zh-report.ts';
import { zhViewer } from './locales/zh-viewer.ts';
import { zhSettings } from './locales/zh-settings.ts';
import { zhAboutAi } from './locales/zh-about-ai.ts';

/**
 * Feature texts live in their own files (`{language}-{feature}.ts`) under their own top-level key.
 * English is the shape: `enFeatures` types the keys in i18next.d.ts; the other languages must match.
 */
export const enFeatures = { upload: enUpload, viewer: enViewer, patients: enPatients, analysis: enAnalysis, report: enReport, settings: enSettings, aboutAi: enAboutAi };
type FeatureDictionaries = { upload: UploadDictionary; viewer: ViewerDictionary; patients: PatientsDictionary; analysis: AnalysisDictionary; report: ReportDictionary; settings: SettingsDictionary; aboutAi: AboutAiDictionary };
export type AppDictionary = Dictionary & FeatureDictionaries;

const features: Record<Language, FeatureDictionaries> = {
  ko: { upload: koUpload, viewer: koViewer, patients: koPatients, analysis: koAnalysis, report: koReport, settings: koSettings, aboutAi: koAboutAi },
  en: enFeatures,
  ja: { upload: jaUpload, viewer: jaViewer, patients: jaPatients, analysis: jaAnalysis, report: jaReport, settings: jaSettings, aboutAi: jaAboutAi },
  zh: { upload: zhUpload, viewer: zhViewer, patients: zhPatients, analysis: zhAnalysis, report: zhReport, settings: zhSettings, aboutAi: zhAboutAi },
  vi: { upload: viUpload, viewer: viViewer, patients: viPatients, analysis: viAnalysis, report: viReport, settings: viSettings, aboutAi: viAboutAi },
};

export const dictionaries: Record<Language, AppDictionary> = {
  ko: { ...ko, ...features.ko },
  en: { ...en, ...features.en },
  ja: { ...ja, ...features.ja },
  zh: { ...zh, ...features.zh },
  vi: { ...vi, ...features.vi },
};

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage disabled: fall through to the browser language
  }
}

/** The language the app starts in: stored choice, else browser language, else Korean. */
export function initialLanguage(): Language {
  const browser = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return chooseLanguage(readStoredLanguage(), browser);
}

/** A ready i18next instance. Resources are bundled, so initialisation is synchronous. */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: Object.keys(dictionaries),
    resources: Object.fromEntries(
      Object.entries(dictionaries).map(([code, translation]) => [code, { translation }]),
    ),
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = language;
  instance.on('languageChanged', (code) => {
    if (isLanguage(code)) document.documentElement.lang = code;
  });
  return instance;
}

/** Switches the interface language and remembers the choice on this browser. */
export function selectLanguage(instance: I18n, language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  void instance.changeLanguage(language);
}
