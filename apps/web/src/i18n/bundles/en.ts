import { en, type Dictionary } from '../locales/en.ts';
import { enAboutAi, type AboutAiDictionary } from '../locales/en-about-ai.ts';
import { enAnalysis, type AnalysisDictionary } from '../locales/en-analysis.ts';
import { enPatients, type PatientsDictionary } from '../locales/en-patients.ts';
import { enReport, type ReportDictionary } from '../locales/en-report.ts';
import { enSettings, type SettingsDictionary } from '../locales/en-settings.ts';
import { enUpload, type UploadDictionary } from '../locales/en-upload.ts';
import { enViewer, type ViewerDictionary } from '../locales/en-viewer.ts';

/**
 * One language's whole dictionary, built into its own chunk (runtime.ts loads only the current
 * language). New feature texts go into locales/{language}.ts (one import and one key per language);
 * the feature dictionaries below predate that and sit under their own top-level keys.
 * English is the shape: `enFeatures` types the keys in i18next.d.ts; the other languages must match.
 */
export const enFeatures = {
  upload: enUpload,
  viewer: enViewer,
  patients: enPatients,
  analysis: enAnalysis,
  report: enReport,
  settings: enSettings,
  aboutAi: enAboutAi,
};
export type FeatureDictionaries = {
  upload: UploadDictionary;
  viewer: ViewerDictionary;
  patients: PatientsDictionary;
  analysis: AnalysisDictionary;
  report: ReportDictionary;
  settings: SettingsDictionary;
  aboutAi: AboutAiDictionary;
};
export type AppDictionary = Dictionary & FeatureDictionaries;

export const dictionary: AppDictionary = { ...en, ...enFeatures };
