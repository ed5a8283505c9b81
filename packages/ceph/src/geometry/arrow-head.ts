/** A point as `[x, y]` (the drawing documents' tuples), in whatever units and space the caller uses. */
export type XyTuple = readonly [number, number];

/**
 * The two barbs of an arrow's head at `to`, for a line from `from` (same units and space as the points,
 * `length` in those units too): each barb 30 degrees off the shaft, `length` long, pointing back along it.
 */
export function arrowHead(from: XyTuple, to: XyTuple, length: number): [[number, number], [number, number]] {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const barb = (offset: number): [number, number] => [to[0] - length * Math.cos(angle + offset), to[1] - length * Math.sin(angle + offset)];
  return [barb(Math.PI / 6), barb(-Math.PI / 6)];
}
