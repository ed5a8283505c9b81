// The morph's canvas drawing lives in lib/ since the consultation view draws the same morph.
export { drawMorph } from '../../../../lib/morph/draw-morph.ts';
