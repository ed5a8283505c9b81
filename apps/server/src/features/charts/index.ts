/**
 * The public surface of features/charts beyond its service:
 * the repository the graph transport wires and analysis records read, and its row types.
 * Everything else in this folder is internal (eslint.config.js, server-boundaries block).
 */
export { createChartRepository, type ChartDataRow, type ChartRepository } from './chart.repository';
