import { describe, expect, it } from 'vitest';
import { reportDrawings, withDrawings } from '../../src/features/reports/report-drawing';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g/></svg>';
const base = { color: '#00ff00', opacity: 0.5 } as const;

describe('drawings on the PDF film', () => {
  it('reads the film drawings only (not the Superimposition tab set), skipping unreadable shapes', () => {
    const stored = {
      version: 1,
      measurements: { version: 1, items: [] },
      coords: [{ ...base, id: 'a', tool: 'line', from: [1, 2], to: [3, 4], width: 2, scales: true }, { id: 'x', tool: 'blob' }],
      superimpositionCoords: [{ ...base, id: 'b', tool: 'line', from: [1, 2], to: [3, 4], width: 2, scales: true }],
    };
    expect(reportDrawings(stored).map((s) => s.id)).toEqual(['a']);
    expect(reportDrawings(null)).toEqual([]);
    expect(reportDrawings({ version: 9, coords: [] })).toEqual([]);
  });

  it('adds the shapes in image px inside the overlay, widths by their kind, text escaped', () => {
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
    expect(out).toContain('font-size="12"');
    expect(out).toContain('&#60;b&#62;&#38;</text>');
    expect(withDrawings(svg, [], 1)).toBe(svg);
  });
});
