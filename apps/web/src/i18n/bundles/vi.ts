import { vi } from '../locales/vi.ts';
import { viAboutAi } from '../locales/vi-about-ai.ts';
import { viAnalysis } from '../locales/vi-analysis.ts';
import { viPatients } from '../locales/vi-patients.ts';
import { viReport } from '../locales/vi-report.ts';
import { viSettings } from '../locales/vi-settings.ts';
import { viUpload } from '../locales/vi-upload.ts';
import { viViewer } from '../locales/vi-viewer.ts';
import type { AppDictionary } from './en.ts';

/** The whole dictionary of one language, in its own chunk (see en.ts). */
export const dictionary: AppDictionary = {
  ...vi,
  upload: viUpload,
  viewer: viViewer,
  patients: viPatients,
  analysis: viAnalysis,
  report: viReport,
  settings: viSettings,
  aboutAi: viAboutAi,
};
