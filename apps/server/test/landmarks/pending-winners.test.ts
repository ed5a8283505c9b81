import { IMAGE_TYPE } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import type { PendingImage } from '../../src/features/landmarks/landmark.repository';
import { pendingWinners } from '../../src/features/landmarks/landmark.service';

/** The detection commit's rule for pending images (the transaction itself: images/detection-jobs, jobs-drafts). */
const ceph = (id: number): PendingImage => ({ id, type: IMAGE_TYPE.cephalogram, path: `c${id}.jpg`, thumbnailPath: null });
const face = (id: number): PendingImage => ({ id, type: IMAGE_TYPE.lateralFace, path: `f${id}.jpg`, thumbnailPath: null });

describe('pendingWinners (pending newest first)', () => {
  it.each([
    ['nothing pending, model ran on the live film', { id: 1, pending: false }, [], {}, []],
    ['the film the model saw wins over a newer pending one', { id: 5, pending: true }, [ceph(7), ceph(5)], { '00700': 5 }, [7]],
    ['per type the newest wins', { id: 1, pending: false }, [face(9), ceph(8), face(6), ceph(4)], { '00710': 9, '00700': 8 }, [6, 4]],
    ['a pending photo with a live film', { id: 1, pending: false }, [face(3)], { '00710': 3 }, []],
  ] as const)('%s', (_, source, pending, winners, staleIds) => {
    const result = pendingWinners(source, pending);
    expect(Object.fromEntries(result.winners)).toEqual(winners);
    expect(result.stale.map((p) => p.id)).toEqual(staleIds);
  });
});
