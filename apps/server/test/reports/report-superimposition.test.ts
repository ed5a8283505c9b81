import { describe, expect, it } from 'vitest';
import { ReportDocument } from '../../src/pdf/pdf-canvas';
import { superimpositionForReport } from '@ceppro/contract';
import { addSuperimpositionPages } from '../../src/features/reports/report-superimposition';
import { superimpositionFilm } from '../../../../packages/contract/test/fixtures/superimposition-film';

const film = (chartId: string, colour: 'white' | 'red', date: string | null, dx: number) =>
  superimpositionFilm(chartId, colour, dx, { shootDate: date, before: [{ id: 'Ba', x: 5, y: 40 }] });

/** A superimposition as the report computes it (features/planning, `summariseSuperimposition`). */
const computed = (rows: number) => ({
  computed_at: '2026-01-02T00:00:00.000Z',
  method: 'sn-at-s',
  unit: 'mm',
  frame_chart_id: 'b',
  films: [film('a', 'white', '2020-01-01', 0), film('b', 'red', '2022-01-01', 2)],
  movements: Array.from({ length: rows }, (_, i) => ({
    id: i === 0 ? 'N' : `L${i}`,
    from_chart_id: 'a',
    to_chart_id: 'b',
    dx: i === 0 ? 2 : -0.001,
    dy: 0,
    distance: i === 0 ? 2 : 0.001,
  })),
});

describe('superimposition report page', () => {
  it('prints only a computed result with at least two films', () => {
    expect(superimpositionForReport(null)).toBeNull();
    expect(superimpositionForReport({ version: 9 })).toBeNull();
    expect(superimpositionForReport({ ...computed(1), films: computed(1).films.slice(0, 1) })).toBeNull();
    expect(superimpositionForReport(computed(1))?.films).toHaveLength(2);
  });

  it('draws the legend, the method and the movement rows, with the tracing as lines', () => {
    const result = superimpositionForReport(computed(3));
    if (!result) throw new Error('expected a result');
    const doc = new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) });
    const pages = addSuperimpositionPages(doc, result, () => 70);
    expect(pages).toHaveLength(1);
    const text = (pages[0]?.texts() ?? []).join('|');
    expect(text).toContain('Superimposition');
    expect(text).toContain('Method: SN registered at S - computed 2026-01-02 - unit mm');
    expect(text).toContain('white: 2020-01-01');
    expect(text).toContain('Clinically used points: 2020-01-01 -> 2022-01-01 (mm)');
    expect(text).toContain('N|2.00|0.00|2.00');
    expect(text).toContain('L1|0.00|0.00|0.00');
    // L2 is not a point of the summary: only in the appendix, on request.
    expect(text).not.toContain('L2|');
    // SN turns as N moves 2 px forward over 60 px: atan(2/62) - atan(2/60) = -0.06°.
    expect(text).toContain('Reference planes: 2020-01-01 -> 2022-01-01');
    expect(text).toContain('SN|-0.06°');
    // Cranial base Ba-S-N of each film (one polyline per film, in its colour), then a rule under each of the 2 + 1 rows.
    const lines = (pages[0]?.drawn ?? []).flatMap((d) => (d.kind === 'line' ? [d.color] : []));
    expect(lines).toHaveLength(2 + 3);
    expect(lines[0]).toEqual([1, 1, 1]);
    expect(lines[1]).toEqual([1, 0.3, 0.31]);
  });

  it('prints the summary on one page however many landmarks moved; every landmark only in the appendix, on request', () => {
    const result = superimpositionForReport(computed(120));
    if (!result) throw new Error('expected a result');
    const summary = addSuperimpositionPages(
      new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) }),
      result,
      () => 70,
    );
    expect(summary).toHaveLength(1);
    expect(summary[0]?.texts().join('|')).not.toContain('Appendix');
    const doc = new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) });
    const pages = addSuperimpositionPages(doc, result, () => 70, undefined, true);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[1]?.texts()).toContain('Appendix: every landmark');
    expect(pages[1]?.texts().join('|')).toContain('L2|0.00|0.00|0.00');
    expect(pages.flatMap((p) => p.texts()).join('|')).toContain('L119|0.00|0.00|0.00');
    expect(pages[2]?.texts().join('|')).toContain('(continued)');
    // The header row is repeated on the continued page.
    expect(pages[2]?.texts()).toContain('Landmark');
  });

  it("names the points as the screen does (Pog', not stPog) and gives the SN and FH rotations", () => {
    const base = computed(0);
    const withPlanes = (f: ReturnType<typeof film>, turn: number) => ({
      ...f,
      landmarks: [
        { id: 'S', x: 0, y: 0 },
        { id: 'N', x: 100, y: -100 * Math.tan((turn * Math.PI) / 180) },
        { id: 'Po', x: -20, y: 30 },
        { id: 'Or', x: 60, y: 30 },
      ],
    });
    const [a, b] = base.films as [ReturnType<typeof film>, ReturnType<typeof film>];
    const ids = ['stPog', 'ULv', 'Li', 'Ba', 'Pog'];
    const movements = ids.map((id) => ({ id, from_chart_id: 'a', to_chart_id: 'b', dx: 1, dy: -1, distance: 1.41 }));
    const result = superimpositionForReport({ ...base, films: [withPlanes(a, 0), withPlanes(b, 2)], movements });
    if (!result) throw new Error('expected a result');
    const texts = addSuperimpositionPages(
      new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) }),
      result,
      () => 70,
    )
      .flatMap((p) => p.texts())
      .join('|');
    // Summary order: the clinical list (Pog before Pog', Li after).
    expect(texts).toContain("Pog|1.00|-1.00|1.41|Pog'|1.00|-1.00|1.41|Li|1.00|-1.00|1.41");
    expect(texts).not.toMatch(/stPog|ULv|UL'|\|Ba\|/);
    expect(texts).toContain('SN|2.00°');
    expect(texts).toContain('FH|0.00°');
    const appendix = addSuperimpositionPages(
      new ReportDocument('en', { title: 't', author: 'a', creationDate: new Date(0) }),
      result,
      () => 70,
      undefined,
      true,
    )
      .flatMap((p) => p.texts())
      .join('|');
    expect(appendix).toContain("UL'|1.00|-1.00|1.41");
    expect(appendix).not.toContain('ULv');
  });
});
