import { FILE_ENDPOINTS } from '@ceppro/contract';
import { outcomeOf } from './probe/floods';
import type { LoadClient } from './probe/load-client';

export interface AiUser {
  client: LoadClient;
  chartId: string;
}

export interface AiFloodResult {
  /** One detection with nobody else asking, before the flood (ms). */
  aloneMs: number;
  /** The light users' detections during the flood: ms from sending to the answer, and each answer's outcome. */
  otherMs: number[];
  otherOutcomes: Map<string, number>;
  /** The flooders' answers by outcome. */
  floodOutcomes: Map<string, number>;
}

const count = (into: Map<string, number>, key: string) => into.set(key, (into.get(key) ?? 0) + 1);
const detect = (user: AiUser) => user.client.post(FILE_ENDPOINTS.cephLandmark.path, { chart_id: user.chartId });

/**
 * The first flooder's detection alone; then `flooders` each keep two detections of their chart in
 * flight (a refused one is sent again after 100 ms) and, after `warmMs`, each of `light` (users who
 * have not used the AI since their chart's first detection) asks for one detection, one after
 * another, while the flood goes on.
 */
export async function aiFlood(flooders: AiUser[], light: AiUser[], options: { warmMs: number }): Promise<AiFloodResult> {
  const first = flooders[0];
  const aloneMs = first ? (await detect(first)).ms : NaN;
  const floodOutcomes = new Map<string, number>();
  let running = true;
  const keepBusy = async (user: AiUser) => {
    while (running) {
      const res = await detect(user);
      count(floodOutcomes, outcomeOf(res));
      if (res.status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const workers = flooders.flatMap((user) => [keepBusy(user), keepBusy(user)]);
  await new Promise((resolve) => setTimeout(resolve, options.warmMs));
  const otherMs: number[] = [];
  const otherOutcomes = new Map<string, number>();
  for (const user of light) {
    const res = await detect(user);
    otherMs.push(res.ms);
    count(otherOutcomes, outcomeOf(res));
  }
  running = false;
  await Promise.all(workers);
  return { aloneMs, otherMs, otherOutcomes, floodOutcomes };
}
