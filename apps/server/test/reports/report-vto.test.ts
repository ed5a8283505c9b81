import { ZERO_VTO_MOVEMENT, calibrationFromDefaultPpm, getLandmark, UNCALIBRATED } from '@ceppro/ceph';
import { VTO_STO_CONFIG_VERSION, vtoForReport, type VtoStoConfig } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { addVtoPages } from '../../src/features/reports/report-vto';
import { FACE } from '../../../../packages/ceph/test/fixtures';
import { vtoPageDocument } from './vto-page-document';

const config = (pog: number, chin: number): VtoStoConfig => ({
  version: VTO_STO_CONFIG_VERSION,
  data: {
    movements: { ...ZERO_VTO_MOVEMENT, Pogonion: { horizontal: pog, vertical: 0 } },
    flags: { treatment: true, refinement: false, morph: true, autoAlign: true },
    ratios: { chin },
    preset: null,
  },
  autoAlign: null,
  point: null,
  affectSvgTransform: true,
});

const CAL = calibrationFromDefaultPpm(10);

describe('VTO/STO report page', () => {
  it('runs the stored plan: Pogonion 5 mm forward moves the soft chin by the chosen ratio', () => {
    const report = vtoForReport({ vtoStoConfig: config(5, 0.95), imgSize: { width: 1935, height: 2400 } }, FACE, CAL)!;
    expect(report.movements.find((m) => m.label === 'Pogonion')).toEqual({ label: 'Pogonion', horizontal: '5.0', vertical: '0.0' });
    expect(report.softMoves).toContain(`${getLandmark('stPog').shortName}: +4.75 mm horizontal, 0.00 mm vertical`);
    expect(report.ratios.some((r) => r.includes('0.95') && r.includes('range 0.9-1.1'))).toBe(true);
    // The lower lip's distance to Sn–Pog′ grows as the soft chin comes forward; SNB stays (B does not move).
    expect(report.rows.find((r) => r.name.startsWith('Lower lip protrusion'))!.change).toMatch(/^[+-]\d\.\d mm$/);
    expect(report.rows.find((r) => r.name === 'SNB')!.change).toBe('0.0\u00b0');
    expect(report.filmSize).toEqual({ width: 1935, height: 2400 });
  });

  it('prints nothing for no plan, an unknown document or an uncalibrated film', () => {
    expect(vtoForReport({ vtoStoConfig: config(0, 1) }, FACE, CAL)).toBeNull();
    expect(vtoForReport({ vtoStoConfig: { version: 9 } }, FACE, CAL)).toBeNull();
    expect(vtoForReport({}, FACE, CAL)).toBeNull();
    expect(vtoForReport({ vtoStoConfig: config(5, 1) }, FACE, UNCALIBRATED)).toBeNull();
  });

  it('lays out a page with the film, the table and the measurements', async () => {
    const report = vtoForReport({ vtoStoConfig: config(5, 1), imgSize: { width: 1935, height: 2400 } }, FACE, CAL)!;
    const { doc, film } = await vtoPageDocument();
    const pages = addVtoPages(doc, report, () => 70, film);
    expect(pages).toHaveLength(1);
    const text = pages[0]?.texts() ?? [];
    expect(text).toContain('VTO/STO prediction');
    expect(text).toContain('Predicted measurements');
    // Today's film and the prediction's, side by side.
    expect(pages[0]?.drawn.filter((d) => d.kind === 'image')).toHaveLength(2);
    expect(text).toContain('Today (yellow)');
    expect((await doc.toBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
