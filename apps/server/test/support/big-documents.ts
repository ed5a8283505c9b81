import type { AppDatabase } from '../../src/db/database';
import { analysisRecords } from '../../src/db/schema/index';

/**
 * Records whose documents are large, written straight to the table as an older or hostile row could be
 * (the bounded-answers test, Step 15, and `tools/src/bench-big-answers.ts` seed the same rows).
 */

/** A stored document of about `kb` KB as JSON. */
export const bigDocument = (kb: number, seed: number) => ({
  version: 1,
  landmarks: Array.from({ length: Math.round((kb * 1024) / 48) }, (_, i) => ({ cname: i, name: `L${seed}`, x: i + 0.5, y: seed + 0.25 })),
});

/** One record per chart with five documents of about `kb` KB each; their ids, in the charts' order. */
export async function insertBigRecords(db: AppDatabase, chartRefs: readonly number[], kb: number): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, chartRef] of chartRefs.entries()) {
    const doc = bigDocument(kb, i);
    const [row] = await db
      .insert(analysisRecords)
      .values({ chartRef, inferResult: doc, modifiedResult: doc, profilogramResult: doc, superimpositionData: doc, drawingResult: doc })
      .returning({ id: analysisRecords.id });
    if (row === undefined) throw new Error(`no record was written for chart ${chartRef}`);
    ids.push(row.id);
  }
  return ids;
}
