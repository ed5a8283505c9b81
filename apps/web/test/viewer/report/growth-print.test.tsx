import type { ReportGrowth } from '@ceppro/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GrowthPrint } from '../../../src/features/viewer/report/components/growth-print.tsx';

afterEach(cleanup);

const GROWTH: ReportGrowth = {
  years: 4,
  shown: true,
  title: 'Growth forecast',
  refusal: null,
  choice: '4 years ahead, from age 10 to 14 (shown on the film in the viewer)',
  points: ['Me 6.1 mm (SD 2.0 mm)'],
  method: 'Method: mean yearly increments.',
  uncertainty: 'Uncertainty: not a prediction interval.',
  citations: ['Riolo ML 1974'],
  drawing: {
    filmSize: { width: 1000, height: 1200 },
    outlines: [
      [
        { x: 100, y: 100 },
        { x: 200, y: 300 },
      ],
    ],
    points: [{ label: 'Me', from: { x: 500, y: 900 }, to: { x: 520, y: 950 }, sdX: 8, sdY: 12 }],
    todayCaption: 'Today (yellow, solid)',
    forecastCaption: 'Forecast at age 14 (blue, dashed)',
    legend: 'Circles: ±1 SD, not a prediction interval for this child.',
  },
};
const TRACING = [{ d: 'M 10 10 L 20 20' }];

describe('printed growth forecast', () => {
  it("draws the forecast over the film with today's tracing, a ±1 SD ellipse per point and the legend", () => {
    render(<GrowthPrint growth={GROWTH} film={{ status: 'ready', url: 'blob:film' }} todayTracing={TRACING} />);
    const drawing = screen.getByTestId('growth-print-drawing');
    expect(drawing.querySelector('img')?.getAttribute('src')).toBe('blob:film');
    expect(drawing.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 1000 1200');
    expect(drawing.querySelector('path')?.getAttribute('d')).toBe('M 10 10 L 20 20');
    const outline = drawing.querySelector('polyline');
    expect(outline?.getAttribute('points')).toBe('100,100 200,300');
    expect(outline?.getAttribute('stroke-dasharray')).toBe('4 3');
    const point = screen.getByTestId('growth-print-point');
    const ellipse = point.querySelector('ellipse');
    expect([ellipse?.getAttribute('cx'), ellipse?.getAttribute('cy'), ellipse?.getAttribute('rx'), ellipse?.getAttribute('ry')]).toEqual([
      '520',
      '950',
      '8',
      '12',
    ]);
    expect(point.textContent).toBe('Me');
    expect(drawing.parentElement?.querySelector('figcaption')?.textContent).toBe('Today (yellow, solid)Forecast at age 14 (blue, dashed)');
    expect(screen.getByTestId('growth-print-legend').textContent).toBe(GROWTH.drawing?.legend);
  });

  it('prints the text only when the model has no drawing or the film is not ready', () => {
    render(<GrowthPrint growth={{ ...GROWTH, drawing: null }} film={{ status: 'ready', url: 'blob:film' }} todayTracing={TRACING} />);
    expect(screen.queryByTestId('growth-print-drawing')).toBeNull();
    expect(screen.getByTestId('growth-print-uncertainty').textContent).toBe(GROWTH.uncertainty);
    cleanup();
    render(<GrowthPrint growth={GROWTH} film={{ status: 'drawing', url: null }} todayTracing={TRACING} />);
    expect(screen.queryByTestId('growth-print-drawing')).toBeNull();
    expect(screen.queryByTestId('growth-print-legend')).toBeNull();
  });
});
