import { describe, expect, it } from 'vitest';
import { withDrawings } from '../../src/features/reports/report-drawing';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g/></svg>';
const base = { color: '#00ff00', opacity: 0.5 } as const;

describe('drawings on the PDF film', () => {
  it('adds the shapes in image px inside the overlay, widths by their kind; text is left to the PDF', () => {
    const out = withDrawings(
      svg,
      [
        { ...base, id: 'a', tool: 'line', from: [10, 20], to: [30, 40], width: 4, scales: true },
        { ...base, id: 'b', tool: 'rectangle', from: [50, 50], to: [40, 60], width: 3, scales: false },
        { ...base, id: 'c', tool: 'text', at: [5, 6], text: '<b>&', width: 2, scales: true },
      ],
      2,
    );
    expect(out.endsWith('</g></svg>')).toBe(true);
    expect(out).toContain('<line x1="10" y1="20" x2="30" y2="40" fill="none" stroke="#00ff00" stroke-opacity="0.5" stroke-width="4"');
    // Constant screen width 3 -> 3 output px = 6 image px at u = 2.
    expect(out).toContain('<rect x="40" y="50" width="10" height="10" fill="none" stroke="#00ff00" stroke-opacity="0.5" stroke-width="6"');
    expect(out).not.toContain('<text');
    expect(withDrawings(svg, [], 1)).toBe(svg);
    expect(withDrawings(svg, [{ ...base, id: 'c', tool: 'text', at: [5, 6], text: 'x', width: 2, scales: true }], 1)).toBe(svg);
  });
});
