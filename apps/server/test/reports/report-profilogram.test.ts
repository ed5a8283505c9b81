import {
  calibrationFromDefaultPpm,
  computeProfilogramResult,
  imagePoint,
  UNCALIBRATED,
  type ImagePoint,
  type LandmarkMap,
} from '@ceppro/ceph';
import { profilogramForReport, REPORT_LANGS, reportLabels } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { ReportDocument } from '../../src/pdf/pdf-canvas';
import { addProfilogramPages } from '../../src/features/reports/report-profilogram';

const film: LandmarkMap<ImagePoint> = {
  S: imagePoint(100, 200),
  N: imagePoint(450, 150),
  Ar: imagePoint(20, 330),
  Go: imagePoint(40, 560),
  Me: imagePoint(330, 780),
};
const cal = calibrationFromDefaultPpm(5);
const options = { standardLine: 'SN', point: 'S', scale: 120, rotate: 10 } as const;
const distance = {
  id: 'd',
  name: '',
  kind: 'distance',
  points: [
    { x: 0, y: 0 },
    { x: 30, y: 40 },
  ],
};

describe('profilogram page of the PDF report', () => {
  it('prints nothing without a stored profilogram or measurements', () => {
    expect(profilogramForReport({ profilogramResult: null, drawingResult: { version: 1, coords: [] } }, film, cal)).toBeNull();
  });

  it('recomputes the stored profilogram from the landmarks with its options (a stale stored copy is not printed)', () => {
    const now = computeProfilogramResult(film, cal, options);
    if (!now.ok) throw new Error('not computed');
    const stale = { ...now.result, deviations: [] };
    const report = profilogramForReport({ profilogramResult: stale }, film, cal);
    expect(report?.profilogram).toEqual(now.result);
    expect(report?.measurements).toEqual([]);
  });

  it('lists measurements with values from the calibration, unnamed ones numbered', () => {
    const drawingResult = { version: 1, measurements: { version: 1, items: [distance, { ...distance, id: 'e', name: 'Overjet' }] } };
    expect(profilogramForReport({ drawingResult }, film, cal)?.measurements).toEqual([
      { name: 'Distance 1', value: '10.0 mm' },
      { name: 'Overjet', value: '10.0 mm' },
    ]);
    expect(profilogramForReport({ drawingResult }, film, UNCALIBRATED)?.measurements[0]?.value).toBe('50.0 px');
  });

  it('draws the page: title, options, the deviation rows and the measurements', () => {
    const now = computeProfilogramResult(film, cal, options);
    if (!now.ok) throw new Error('not computed');
    const doc = new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) });
    const pages = addProfilogramPages(doc, { profilogram: now.result, measurements: [{ name: 'Overjet', value: '3.2 mm' }] }, () => 70);
    expect(pages).toHaveLength(1);
    const text = pages[0]?.texts() ?? [];
    expect(text).toContain('Profilogram');
    expect(text.join('|')).toContain('registered at Sella, scale 120%, rotation 10');
    expect(text).toContain('Me');
    expect(text).toContain('Overjet');
    expect(text).toContain('3.2 mm');
  });

  it('prints the norm note in the report language, never the English source in another language', () => {
    const now = computeProfilogramResult(film, cal, options);
    if (!now.ok) throw new Error('not computed');
    const expected = {
      en: 'Björk polygon from',
      ko: '정상 템플릿',
      ja: '標準テンプレート',
      zh: '正常模板',
      vi: 'Mẫu chuẩn: đa giác Björk',
    };
    for (const lang of REPORT_LANGS) {
      const doc = new ReportDocument(lang, { title: 't', author: 'a', creationDate: new Date(0) });
      const text = addProfilogramPages(doc, { profilogram: now.result, measurements: [] }, () => 70, reportLabels(lang))
        .flatMap((p) => p.texts())
        .join(' ');
      expect(text, lang).toContain(expected[lang]);
      if (lang !== 'en') expect(text, lang).not.toMatch(/Björk polygon from|adult|saddle|articular|gonial/);
    }
  });
});
