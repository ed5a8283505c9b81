import { ko } from '../locales/ko.ts';
import { koAboutAi } from '../locales/ko-about-ai.ts';
import { koAnalysis } from '../locales/ko-analysis.ts';
import { koPatients } from '../locales/ko-patients.ts';
import { koReport } from '../locales/ko-report.ts';
import { koSettings } from '../locales/ko-settings.ts';
import { koUpload } from '../locales/ko-upload.ts';
import { koViewer } from '../locales/ko-viewer.ts';
import type { AppDictionary } from './en.ts';

/** The whole dictionary of one language, in its own chunk (see en.ts). */
export const dictionary: AppDictionary = {
  ...ko,
  upload: koUpload,
  viewer: koViewer,
  patients: koPatients,
  analysis: koAnalysis,
  report: koReport,
  settings: koSettings,
  aboutAi: koAboutAi,
};
