import type { ReportGrowth } from '@ceppro/contract';
import type { ReportDocument, ReportPage } from '../../pdf/pdf-canvas';
import { GREY, MARGIN, PageFlow, WIDTH } from './report-layout';

/**
 * The planning page's growth forecast (contract report-growth.ts): the chart's stored choice, the point
 * moves with their SD, the method and its uncertainty, and the sources, as wrapped text on a page of its own.
 */
export function addGrowthPage(doc: ReportDocument, growth: ReportGrowth, header: (page: ReportPage) => number): ReportPage[] {
  const flow = new PageFlow(doc, header, 22);
  const paragraph = (text: string, size: number, options: { bold?: boolean; grey?: boolean } = {}) => {
    for (const line of doc.wrap(text, size, WIDTH)) {
      flow.ensure(size + 3);
      flow.page.text(MARGIN, flow.y, line, { size, ...(options.bold && { style: 'bold' as const }), ...(options.grey && { color: GREY }) });
      flow.y += size + 3;
    }
    flow.y += 4;
  };
  paragraph(growth.title, 12, { bold: true });
  paragraph(growth.choice, 9.5);
  if (growth.points.length > 0) paragraph(growth.points.join(' · '), 9);
  paragraph(growth.method, 8.5);
  paragraph(growth.uncertainty, 8.5);
  for (const citation of growth.citations) paragraph(citation, 7.5, { grey: true });
  return flow.pages;
}
