export * from './schema';
export * from './build-report-model';
export * from './report-rows';
export * from './report-sources';
export * from './report-planning';
export * from './report-footnotes';
export * from './report-facts';
export * from './report-norms';
