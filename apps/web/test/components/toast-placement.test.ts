import { describe, expect, it } from 'vitest';
import { clearOffset, type Rect } from '../../src/components/toast-placement.ts';

const view = { width: 1100, height: 768 };
const rect = (left: number, top: number, width: number, height: number): Rect => ({ left, top, right: left + width, bottom: top + height });

describe('toast placement: clear of the controls a screen marks', () => {
  it.each([
    // [what, placement, base, controls, offset]
    ['nothing marked: the corner', 'top-right', 64, [], 64],
    ['New patient under the top-right stack (x 680..1080): below it, 12 px apart', 'top-right', 64, [rect(917, 82, 151, 38)], 132],
    ['a control left of the stack: ignored', 'top-right', 64, [rect(32, 82, 400, 38)], 64],
    ["a control in the bottom half: not the top stack's business", 'top-right', 64, [rect(900, 600, 100, 40)], 64],
    ['the brightness box under the bottom-left stack (x 16..416): above it', 'bottom-left', 16, [rect(12, 658, 260, 98)], 122],
    ['a taller box (a wrapped label) lifts it further', 'bottom-left', 16, [rect(12, 600, 260, 156)], 180],
    ['a control right of the stack: ignored', 'bottom-left', 16, [rect(500, 658, 260, 98)], 16],
    ['an empty (hidden) control: ignored', 'bottom-left', 16, [rect(12, 700, 0, 0)], 16],
  ] as const)('%s', (_what, placement, base, controls, offset) => {
    expect(clearOffset(placement, base, controls, view)).toBe(offset);
  });
});
