import type { InferResult, ModifiedResult } from '@ceppro/contract';

/** One landmark as the viewer draws it, in image pixels of the original upload. */
export interface ViewerLandmark {
  readonly cname: number;
  readonly name: string;
  readonly x: number;
  readonly y: number;
  /** 'modified' when the user adjusted it (its position is the user's), else 'ai'. */
  readonly source: 'ai' | 'modified';
  /** The model's confidence, when the model placed it. */
  readonly confidence: number | null;
}

/**
 * The positions to draw: the user's adjusted position where there is one (matched by cname),
 * else the model's. Adjusted landmarks the model did not output are kept. Sorted by cname.
 */
export function landmarksToDraw(ai: InferResult | null, modified: ModifiedResult | null): ViewerLandmark[] {
  const byCname = new Map<number, ViewerLandmark>();
  for (const l of ai?.landmarks ?? []) {
    byCname.set(l.cname, { cname: l.cname, name: l.name, x: l.x, y: l.y, source: 'ai', confidence: l.confidence ?? null });
  }
  for (const l of modified?.landmarks ?? []) {
    const model = byCname.get(l.cname);
    byCname.set(l.cname, { cname: l.cname, name: l.name, x: l.x, y: l.y, source: 'modified', confidence: model?.confidence ?? null });
  }
  return [...byCname.values()].sort((a, b) => a.cname - b.cname);
}
