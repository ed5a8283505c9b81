import { describe, expect, it } from 'vitest';
import { ReportDocument } from '../../src/pdf/pdf-canvas';

/** How the PDF measures and wraps text (the report model itself is tested in packages/contract/test/report-model.test.ts). */

describe('PDF text and pages', () => {
  it('measures with the embedded fonts and wraps at spaces, or inside a word without spaces, never cutting', () => {
    const doc = new ReportDocument('en', { title: 'T', author: 'A', creationDate: new Date('2026-01-02T03:04:05Z') });
    expect(doc.textWidth('SNA SNA', 10)).toBeCloseTo(2 * doc.textWidth('SNA', 10) + doc.textWidth(' ', 10), 5);
    expect(doc.textWidth('SNA', 10, 'bold')).toBeGreaterThan(doc.textWidth('SNA', 10));
    const long = 'Severely increased (prognathic (protrusive) maxilla)';
    const lines = doc.wrap(long, 8, 80);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(long);
    lines.forEach((line) => expect(doc.textWidth(line, 8)).toBeLessThanOrEqual(80));
    const cjk = doc.wrap('標準からの偏差が大きい上顎前突の傾向', 8, 40);
    expect(cjk.join('')).toBe('標準からの偏差が大きい上顎前突の傾向');
    expect(cjk.length).toBeGreaterThan(1);
  });
});
