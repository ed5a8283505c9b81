/**
 * The box around every point of the tracings (SVG path data with absolute coordinates, as packages/ceph
 * writes it), padded by `pad` of its larger side: what the view and the PDF frame, so the profile fills
 * the panel. null when there is no path.
 */
export function svgPathBounds(
  paths: ReadonlyArray<{ readonly d: string }>,
  pad = 0.04,
): { x: number; y: number; width: number; height: number } | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const { d } of paths) {
    const numbers = d.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/gi)?.map(Number) ?? [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const x = numbers[i] as number;
      const y = numbers[i + 1] as number;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (!Number.isFinite(left) || right <= left || bottom <= top) return null;
  const margin = Math.max(right - left, bottom - top) * pad;
  return { x: left - margin, y: top - margin, width: right - left + 2 * margin, height: bottom - top + 2 * margin };
}
