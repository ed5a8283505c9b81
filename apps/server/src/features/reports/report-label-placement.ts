/**
 * Where the film's landmark labels go so that no two overlap (U1 beside U1A, A beside ANS): each
 * label, in order, takes the first place around its marker whose box is free of the labels already
 * placed, trying the usual spot (up and to the right) first, then the other corners, then the same
 * corners a step further out. A label with no free place keeps the usual spot. Points, y down; a
 * label's position is its text's left end and baseline.
 */

export interface LabelToPlace {
  /** The marker's centre. */
  readonly x: number;
  readonly y: number;
  /** The text's width at the label size. */
  readonly width: number;
}

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** `size`: the label size in points; `gap`: the usual offset from the marker's centre. */
export function placeLabels(labels: readonly LabelToPlace[], size: number, gap: number): Array<{ x: number; y: number }> {
  const ascent = size * 0.78;
  const descent = size * 0.22;
  const placed: Box[] = [];
  return labels.map((label) => {
    const box = (x: number, y: number): Box => ({ left: x, top: y - ascent, right: x + label.width, bottom: y + descent });
    const candidates: Array<{ x: number; y: number }> = [];
    for (const step of [1, 2, 3]) {
      const d = gap * step;
      candidates.push(
        { x: label.x + d, y: label.y - d }, // up right (the usual spot)
        { x: label.x + d, y: label.y + d + ascent }, // down right
        { x: label.x - d - label.width, y: label.y - d }, // up left
        { x: label.x - d - label.width, y: label.y + d + ascent }, // down left
        { x: label.x + d, y: label.y + ascent / 2 - d * 0.2 + (step - 1) * size }, // right, lower rows
      );
    }
    const chosen = candidates.find((c) => !placed.some((p) => overlaps(p, box(c.x, c.y)))) ?? (candidates[0] as { x: number; y: number });
    placed.push(box(chosen.x, chosen.y));
    return chosen;
  });
}
