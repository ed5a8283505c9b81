import type { Vec2 } from '@ceppro/ceph';

/**
 * Nearest-point look-ups over the outline of the face found on a photo, for the profile fit's ICP
 * (profile-fit.ts): an exact one by grid buckets, and an approximate one precomputed for every
 * raster pixel.
 */

/** Nearest outline point by a uniform grid of buckets. */
export class NearestGrid {
  private readonly cells: Vec2[][];
  private readonly cols: number;
  private readonly rows: number;

  constructor(
    points: readonly Vec2[],
    width: number,
    height: number,
    private readonly cell = 8,
  ) {
    this.cols = Math.max(1, Math.ceil(width / cell));
    this.rows = Math.max(1, Math.ceil(height / cell));
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
    for (const p of points) (this.cells[this.index(p)] as Vec2[]).push(p);
  }

  private clampCol(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.cell)));
  }

  private clampRow(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.cell)));
  }

  private index(p: Vec2): number {
    return this.clampRow(p.y) * this.cols + this.clampCol(p.x);
  }

  nearest(q: Vec2): Vec2 | null {
    const cx = this.clampCol(q.x);
    const cy = this.clampRow(q.y);
    // How far q lies outside the grid: rings closer than that hold nothing nearer.
    const outside = Math.hypot(Math.max(0, -q.x, q.x - this.cols * this.cell), Math.max(0, -q.y, q.y - this.rows * this.cell));
    let best: Vec2 | null = null;
    let bestD = Infinity;
    const maxRing = Math.max(this.cols, this.rows);
    for (let r = 0; r <= maxRing; r += 1) {
      if (best !== null && (r - 1) * this.cell + outside > Math.sqrt(bestD)) break;
      for (let y = cy - r; y <= cy + r; y += 1) {
        if (y < 0 || y >= this.rows) continue;
        const ring = y === cy - r || y === cy + r;
        for (let x = cx - r; x <= cx + r; x += ring ? 1 : 2 * r || 1) {
          if (x < 0 || x >= this.cols) continue;
          for (const p of this.cells[y * this.cols + x] as Vec2[]) {
            const d = (p.x - q.x) ** 2 + (p.y - q.y) ** 2;
            if (d < bestD) {
              bestD = d;
              best = p;
            }
          }
        }
      }
    }
    return best;
  }
}

/**
 * Approximate nearest outline point for every raster pixel, by a breadth-first sweep from the
 * outline (each pixel takes a neighbour's outline point when it is nearer): O(raster), then O(1)
 * per query. Queries off the raster use the nearest raster pixel. Used by the coarse ICP stage,
 * where many starts are far from the outline and an exact search would scan wide rings.
 */
export class NearestMap {
  private readonly source: Int32Array;

  constructor(
    private readonly points: readonly Vec2[],
    private readonly width: number,
    private readonly height: number,
  ) {
    const n = width * height;
    this.source = new Int32Array(n).fill(-1);
    const queue = new Int32Array(n);
    let head = 0;
    let tail = 0;
    points.forEach((p, k) => {
      const i = this.cellOf(p);
      if (this.source[i] === -1) {
        this.source[i] = k;
        queue[tail++] = i;
      }
    });
    while (head < tail) {
      const i = queue[head++] as number;
      const x = i % width;
      const y = (i - x) / width;
      const src = points[this.source[i] as number] as Vec2;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          const current = this.source[j] as number;
          if (current === -1) {
            this.source[j] = this.source[i] as number;
            queue[tail++] = j;
          } else if (current !== this.source[i]) {
            const c = points[current] as Vec2;
            const cx = nx + 0.5;
            const cy = ny + 0.5;
            if ((src.x - cx) ** 2 + (src.y - cy) ** 2 < (c.x - cx) ** 2 + (c.y - cy) ** 2) this.source[j] = this.source[i] as number;
          }
        }
      }
    }
  }

  private cellOf(p: Vec2): number {
    const x = Math.min(this.width - 1, Math.max(0, Math.floor(p.x)));
    const y = Math.min(this.height - 1, Math.max(0, Math.floor(p.y)));
    return y * this.width + x;
  }

  nearest(q: Vec2): Vec2 | null {
    const k = this.source[this.cellOf(q)] as number;
    return k < 0 ? null : (this.points[k] as Vec2);
  }
}

export interface Nearest {
  nearest(q: Vec2): Vec2 | null;
}
