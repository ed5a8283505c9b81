import type { ReportModel } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import type { ReportPage } from '../../src/pdf/pdf-canvas';
import { drawFilmTexts } from '../../src/features/reports/report-film-text';
import { placeLabels } from '../../src/features/reports/report-label-placement';

/** The film's landmark labels never overlap one another (the U1A / A, L1 / U1 on the tracing). */

const SIZE = 6;
const widthOf = (text: string, size: number) => text.length * size * 0.6;
type Placed = { x: number; y: number; text: string };
const boxOf = (p: Placed) => ({ left: p.x, right: p.x + widthOf(p.text, SIZE), top: p.y - SIZE * 0.78, bottom: p.y + SIZE * 0.22 });
const overlapping = (placed: readonly Placed[]) =>
  placed.flatMap((a, i) =>
    placed.slice(i + 1).flatMap((b) => {
      const [p, q] = [boxOf(a), boxOf(b)];
      return p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom ? [`${a.text}/${b.text}`] : [];
    }),
  );

/** A page that records where each text goes (drawFilmTexts only needs these two). */
function recordingPage(): { page: ReportPage; placed: Placed[] } {
  const placed: Placed[] = [];
  const page = { owner: { textWidth: widthOf }, text: (x: number, y: number, text: string) => (placed.push({ x, y, text }), 0) };
  return { page: page as unknown as ReportPage, placed };
}

const landmark = (id: string, x: number, y: number) => ({ id: null, label: id, name: id, x, y, edited: false });

describe('film label placement', () => {
  it('keeps the usual spot (up and to the right of the marker) for a label with room', () => {
    expect(placeLabels([{ x: 100, y: 100, width: 12 }], SIZE, 3)).toEqual([{ x: 103, y: 97 }]);
  });

  it('moves labels apart when their markers are close: incisors, A and ANS, a crowded chin', () => {
    const model: Pick<ReportModel, 'landmarks' | 'film'> = {
      landmarks: [
        landmark('U1', 600, 600),
        landmark('U1A', 603, 602),
        landmark('L1', 598, 606),
        landmark('L1A', 596, 610),
        landmark('A', 610, 560),
        landmark('ANS', 612, 556),
        landmark('Pog', 590, 700),
        landmark('Gn', 588, 706),
        landmark('Me', 584, 710),
        landmark("Pog'", 620, 702),
      ],
      film: { size: null, tracing: [], drawings: [] },
    };
    const { page, placed } = recordingPage();
    drawFilmTexts(page, model, { left: 0, top: 0, width: 300, outputWidth: 1000, space: { width: 1000, height: 1000 } });
    expect(placed.map((p) => p.text)).toEqual(model.landmarks.map((l) => l.label));
    expect(overlapping(placed)).toEqual([]);
    // Every label stays near its marker (within a few label heights).
    placed.forEach((p, i) => {
      const l = model.landmarks[i] ?? { x: 0, y: 0 };
      expect(Math.hypot(p.x - l.x * 0.3, p.y - l.y * 0.3), p.text).toBeLessThan(8 * SIZE);
    });
  });
});
