import { ZERO_SURGICAL_PLAN, ZERO_VTO_MOVEMENT, calibrationFromDefaultPpm } from '@ceppro/ceph';
import { VTO_STO_CONFIG_VERSION, reportLabels, vtoForReport, type VtoStoConfig } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { addVtoPages } from '../../src/features/reports/report-vto';
import { FACE } from '../../../../packages/ceph/test/fixtures';
import { vtoPageDocument } from './vto-page-document';

/** A stored STO document: Le Fort I 5 mm forward and 2 mm up, genioplasty 3 mm forward, autorotation on. */
const STO: VtoStoConfig = {
  version: VTO_STO_CONFIG_VERSION,
  data: {
    movements: { ...ZERO_VTO_MOVEMENT },
    flags: { treatment: true, refinement: false, morph: true, autoAlign: true },
    ratios: {},
    preset: null,
    mode: 'sto',
    surgery: {
      ...ZERO_SURGICAL_PLAN,
      maxilla: { horizontal: 5, vertical: 2, rotation: 0, pivot: 'U1' },
      chin: { horizontal: 3, vertical: 0, rotation: -4, pivot: 'Pog' },
      ratios: { lefortAdvanceUpperLip: 0.5 },
    },
    autorotation: { enabled: true, contact: 'molar', verticalMm: 0 },
  },
  autoAlign: null,
  point: null,
  affectSvgTransform: true,
};
const CAL = calibrationFromDefaultPpm(10);
const SIZE = { width: 1935, height: 2400 };

describe('STO report page', () => {
  it('names the mode, lists the moved segments, the autorotation and the surgical ratios', () => {
    const report = vtoForReport({ vtoStoConfig: STO, imgSize: SIZE }, FACE, CAL)!;
    expect(report.mode).toBe('sto');
    expect(report.movements).toEqual([]);
    expect(report.segments).toEqual([
      { label: 'Maxilla (Le Fort I)', horizontal: '5.0', vertical: '2.0', rotation: '0.0', pivot: 'U1' },
      { label: 'Chin (genioplasty)', horizontal: '3.0', vertical: '0.0', rotation: '-4.0', pivot: 'Pog' },
    ]);
    // 2 mm of impaction lifts the molar contact 2 mm: the mandible closes about Co.
    expect(report.autorotation).toMatch(/^Mandibular autorotation: \+\d+\.\d° about Co \(molar contact \+2\.0 mm; \+ closes the bite\)$/);
    expect(report.ratios.join('\n')).toContain("Ls, UL', Stms: 0.50 x U1 (Maxilla (Le Fort I), advancement)");
    expect(report.ratios.join('\n')).toContain("Ls, UL', Stms: 0.14 x U1 (Maxilla (Le Fort I), setback)");
    expect(report.softMoves.some((m) => m.startsWith('Ls: +2.50 mm horizontal'))).toBe(true);
  });

  it('a plan in Korean prints the Korean segment names', () => {
    const report = vtoForReport({ vtoStoConfig: STO, imgSize: SIZE }, FACE, CAL, reportLabels('ko'))!;
    expect(report.segments?.[0]?.label).toBe('상악 (Le Fort I)');
    expect(report.autorotation).toContain('하악 자동회전');
  });

  it('prints nothing for an STO document that moves nothing', () => {
    const still: VtoStoConfig = { ...STO, data: { ...STO.data, surgery: { ...ZERO_SURGICAL_PLAN, ratios: {} } } };
    expect(vtoForReport({ vtoStoConfig: still, imgSize: SIZE }, FACE, CAL)).toBeNull();
  });

  it('the PDF page shows the mode, the segment table and the autorotation line', async () => {
    const report = vtoForReport({ vtoStoConfig: STO, imgSize: SIZE }, FACE, CAL)!;
    const { doc, film } = await vtoPageDocument();
    const pages = addVtoPages(doc, report, () => 70, film);
    const text = pages.flatMap((p) => p.texts());
    expect(text).toContain('Plan: Surgical STO (segments moved separately)');
    expect(text).toContain('Segment moves (mm, °)');
    expect(text).toContain('Maxilla (Le Fort I)');
    expect(text).toContain('Chin (genioplasty)');
    expect(text).toContain('-4.0');
    expect(text).toContain(report.autorotation);
    expect(text).not.toContain('Movement (mm)');
    expect((await doc.toBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
