import { describe, expect, it } from 'vitest';
import { type Pt } from '../../src/inference/shape-check.ts';
import { fitShapeModel, shapeSurprise } from '../../src/inference/shape-model.ts';

/*
 * Six-point "skulls" that vary in two ways (a longer face, a more protrusive chin) plus a little
 * noise, placed at any position, size and turn: the model must learn where each point sits given
 * the others, whatever the film's frame.
 */
const BASE: Pt[] = [
  [0, 0],
  [10, 0],
  [9, 6],
  [8, 11],
  [2, 9],
  [4, 4],
];

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

function skull(r: () => number, place = { x: 0, y: 0, scale: 1, turn: 0 }): Pt[] {
  const long = r() * 2;
  const chin = r() * 2;
  const pts = BASE.map(([x, y], i) => [x + (i === 3 ? chin : 0) + r() * 0.1, y * (1 + long / 10) + r() * 0.1] as Pt);
  const c = Math.cos(place.turn);
  const s = Math.sin(place.turn);
  return pts.map(([x, y]) => [place.x + place.scale * (c * x - s * y), place.y + place.scale * (s * x + c * y)] as Pt);
}

describe('leave-one-out shape model', () => {
  const r = rng(3);
  const model = fitShapeModel(Array.from({ length: 80 }, () => skull(r)));

  it('finds a typical film unsurprising, in any position, size and turn', () => {
    const film = skull(rng(99), { x: 500, y: -200, scale: 37, turn: 0.4 });
    const surprise = shapeSurprise(film, model);
    expect(surprise).toHaveLength(6);
    for (const s of surprise) expect(s).toBeLessThan(4);
  });

  it('points at the one landmark the anatomy does not allow there', () => {
    const film = skull(rng(99), { x: 500, y: -200, scale: 37, turn: 0.4 });
    // Move point 4 by 2 units of the skull (its own variation is about 0.1): it alone stands out.
    film[4] = [film[4]![0] + 37 * 2 * Math.cos(0.4), film[4]![1] + 37 * 2 * Math.sin(0.4)];
    const surprise = shapeSurprise(film, model);
    const worst = surprise.indexOf(Math.max(...surprise));
    expect(worst).toBe(4);
    // The others see it too (each is predicted from it), less: with six points the contamination is large.
    expect(surprise[4]).toBeGreaterThan(1.5 * Math.max(...surprise.filter((_, i) => i !== 4)));
  });

  it('learns what the anatomy lets vary: a protrusive chin is less surprising than a chin moved down', () => {
    const film = skull(rng(5));
    const forward = film.map((p) => [...p] as Pt);
    forward[3] = [forward[3]![0] + 1.5, forward[3]![1]];
    const down = film.map((p) => [...p] as Pt);
    down[3] = [down[3]![0], down[3]![1] + 1.5];
    expect(shapeSurprise(forward, model)[3]).toBeLessThan(shapeSurprise(down, model)[3]!);
  });

  it('answers nothing for a film with fewer points than the model', () => {
    expect(shapeSurprise(BASE.slice(0, 3), model)).toEqual([]);
  });
});
