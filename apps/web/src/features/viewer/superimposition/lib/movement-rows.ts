import type { SuperimpositionMovement } from '@ceppro/contract';

/** One pair of consecutive films (oldest -> newer) of a movement table. */
export interface MovementPair {
  readonly key: string;
  readonly from: string;
  readonly to: string;
  readonly rows: readonly SuperimpositionMovement[];
}

/**
 * The endpoint's movement list grouped by consecutive pair, in the order the films come (the
 * server lists pairs oldest first); inside a pair, landmarks keep the server's order.
 */
export function movementPairs(movements: readonly SuperimpositionMovement[]): MovementPair[] {
  const pairs = new Map<string, { from: string; to: string; rows: SuperimpositionMovement[] }>();
  for (const m of movements) {
    const key = `${m.from_chart_id}>${m.to_chart_id}`;
    const pair = pairs.get(key) ?? { from: m.from_chart_id, to: m.to_chart_id, rows: [] };
    pair.rows.push(m);
    pairs.set(key, pair);
  }
  return [...pairs].map(([key, pair]) => ({ key, ...pair }));
}

export type MovementSortKey = 'id' | 'dx' | 'dy' | 'distance';
export interface MovementSort {
  readonly key: MovementSortKey;
  readonly descending: boolean;
}

/** Rows sorted by a column: landmark id alphabetically, numbers by value (ties keep their order). */
export function sortMovements(rows: readonly SuperimpositionMovement[], sort: MovementSort | null): SuperimpositionMovement[] {
  const out = [...rows];
  if (sort === null) return out;
  const sign = sort.descending ? -1 : 1;
  out.sort((a, b) => {
    if (sort.key === 'id') return sign * a.id.localeCompare(b.id);
    return sign * (a[sort.key] - b[sort.key]);
  });
  return out;
}

/** A movement in the table's unit: two decimals, a true minus sign, and no "-0.00". */
export function formatMovement(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  if (rounded === 0) return '0.00';
  return rounded < 0 ? `−${(-rounded).toFixed(2)}` : rounded.toFixed(2);
}
