/**
 * Display formatting of the model card's figures, in the app's conventions (analysis table): fixed
 * decimals, a space before units, a typographic minus. Accuracy figures get one decimal more than
 * the analysis table's 0.1 mm, since the sets differ by hundredths of a millimetre.
 */

/**
 * `toFixed` with halves rounded away from zero as written in the card (0.725 -> 0.73, 90.35 ->
 * 90.4); plain `toFixed` works on the binary value and would show 0.72 and 90.3.
 */
function fixed(value: number, digits: number): string {
  const scale = 10 ** digits;
  // 12 significant digits drop the binary noise (72.49999999999999 -> 72.5) before rounding.
  const rounded = (Math.sign(value) * Math.round(Number((Math.abs(value) * scale).toPrecision(12)))) / scale;
  const text = rounded.toFixed(digits);
  const unsigned = text.replace(/^-/, '');
  // A value that rounds to zero has no sign.
  return text.startsWith('-') && /[1-9]/.test(unsigned) ? `−${unsigned}` : unsigned;
}

/** `1.15 mm` (millimetres, two decimals). */
export function formatMm(mm: number): string {
  return `${fixed(mm, 2)} mm`;
}

/** `+0.35` / `−1.42` / `0.00`: a signed offset in mm; the column header names the unit. */
export function formatSignedMm(mm: number): string {
  const text = fixed(mm, 2);
  return /^[0.]+$/.test(text) || text.startsWith('−') ? text : `+${text}`;
}

/** `5.8 px` (image pixels of the evaluation set, one decimal). */
export function formatPx(px: number): string {
  return `${fixed(px, 1)} px`;
}

/** `85.4%`: a figure that is already a percentage (SDR, % of S-N). */
export function formatPercent(percent: number): string {
  return `${fixed(percent, 1)}%`;
}

/** `13.7%`: a share given as a fraction in [0, 1]. */
export function formatShare(fraction: number): string {
  return formatPercent(fraction * 100);
}

/** `0.122 mm/px`: pixel spacing with up to three decimals, trailing zeros dropped (`0.2 mm/px`). */
export function formatSpacing(mm: number): string {
  return `${String(Number(mm.toFixed(3)))} mm/px`;
}

/** `0.84`: a score in [0, 1] such as AUROC. */
export function formatScore(value: number): string {
  return fixed(value, 2);
}

/** The SDR radii in the order the card reports them (`"2"`, `"2.5"`, ...), by numeric value. */
export function sdrRadii(sdr: Record<string, number>): string[] {
  return Object.keys(sdr).sort((a, b) => Number(a) - Number(b));
}
