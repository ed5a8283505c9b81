import { zh } from '../locales/zh.ts';
import { zhAboutAi } from '../locales/zh-about-ai.ts';
import { zhAnalysis } from '../locales/zh-analysis.ts';
import { zhPatients } from '../locales/zh-patients.ts';
import { zhReport } from '../locales/zh-report.ts';
import { zhSettings } from '../locales/zh-settings.ts';
import { zhUpload } from '../locales/zh-upload.ts';
import { zhViewer } from '../locales/zh-viewer.ts';
import type { AppDictionary } from './en.ts';

/** The whole dictionary of one language, in its own chunk (see en.ts). */
export const dictionary: AppDictionary = {
  ...zh,
  upload: zhUpload,
  viewer: zhViewer,
  patients: zhPatients,
  analysis: zhAnalysis,
  report: zhReport,
  settings: zhSettings,
  aboutAi: zhAboutAi,
};
