import { ja } from '../locales/ja.ts';
import { jaAboutAi } from '../locales/ja-about-ai.ts';
import { jaAnalysis } from '../locales/ja-analysis.ts';
import { jaPatients } from '../locales/ja-patients.ts';
import { jaReport } from '../locales/ja-report.ts';
import { jaSettings } from '../locales/ja-settings.ts';
import { jaUpload } from '../locales/ja-upload.ts';
import { jaViewer } from '../locales/ja-viewer.ts';
import type { AppDictionary } from './en.ts';

/** The whole dictionary of one language, in its own chunk (see en.ts). */
export const dictionary: AppDictionary = {
  ...ja,
  upload: jaUpload,
  viewer: jaViewer,
  patients: jaPatients,
  analysis: jaAnalysis,
  report: jaReport,
  settings: jaSettings,
  aboutAi: jaAboutAi,
};
