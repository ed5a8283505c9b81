import { imagePoint, type AiLandmark, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landmarkSource, useLandmarkStore, type LandmarkSource } from '../../src/features/viewer/store/landmark-store.ts';
import { showLandmarkPanel, withLoadedRecord } from './landmark-panel-harness.tsx';

/**
 * A film detected with the account's clinic adaptation on: the server moved sella (its stored `raw`
 * is the model's own point), left nasion alone, and recorded what it applied.
 */
const record = {
  id: 5,
  revision: 1,
  infer_result: {
    version: 1 as const,
    model: { id: 'ceph-landmarks-v2', version: '2.0.0' },
    landmarks: [
      { cname: 0, name: 'Sella', x: 812.5, y: 1003, confidence: 0.93, raw: { x: 800, y: 990 } },
      { cname: 1, name: 'Nasion', x: 1391, y: 958, confidence: 0.9 },
    ],
    adaptation: { films: 12, landmarks: 1 },
  },
  modified_result: null,
};

withLoadedRecord(record);

const item = (id: string) => screen.getAllByTestId('landmark-item').find((li) => li.dataset.id === id)!;
const badge = (id: string) => within(item(id)).getByTestId('landmark-badge');
const source = () => screen.getByTestId('landmark-source');

describe('an AI point moved by the clinic adaptation', () => {
  it('is labelled adapted in the list, in the details and in the film’s line; an unmoved one is plain AI', () => {
    showLandmarkPanel();
    expect(screen.getByTestId('viewer-adaptation').textContent).toBe('AI adapted to your films (learned from 12 films)');
    expect(badge('S').textContent).toBe('AI 93% · adapted');
    expect(badge('S').title).toBe('AI, adapted to your films');
    expect(badge('N').textContent).toBe('AI 90%');
    expect(badge('N').title).toBe('');

    fireEvent.click(within(item('S')).getAllByRole('button')[0]!);
    expect(source().textContent).toBe('AI, adapted to your films (the model’s own point: x 800.0, y 990.0 px)');
    fireEvent.click(within(item('N')).getAllByRole('button')[0]!);
    expect(source().textContent).toBe('Placed by the AI');
  });

  it('reads Adjusted once moved, and adapted again after Reset to AI, which restores the adapted point', () => {
    showLandmarkPanel();
    fireEvent.click(within(item('S')).getAllByRole('button')[0]!);
    act(() => useLandmarkStore.getState().nudge(10, 0));
    expect(source().textContent).toBe('Adjusted');
    expect(badge('S').textContent).toBe('Adjusted');

    fireEvent.click(screen.getByTestId('reset-ai'));
    expect(useLandmarkStore.getState().positions.S).toEqual({ x: 812.5, y: 1003 });
    expect(source().textContent).toMatch(/^AI, adapted to your films/);
    expect(badge('S').textContent).toBe('AI 93% · adapted');
  });

  it('no film line when the record carries no adaptation', () => {
    useLandmarkStore.getState().load({ ...record, infer_result: { ...record.infer_result, adaptation: undefined } }, 1);
    showLandmarkPanel();
    expect(screen.queryByTestId('viewer-adaptation')).toBeNull();
  });
});

describe('landmarkSource', () => {
  const ai: LandmarkMap<AiLandmark> = {
    S: { point: imagePoint(1, 1), confidence: 0.9, name: 'Sella', raw: imagePoint(0, 0) },
    N: { point: imagePoint(2, 2), confidence: 0.9, name: 'Nasion' },
  };
  const moved = imagePoint(5, 5);
  it.each<[LandmarkId, LandmarkMap<ImagePoint>, LandmarkSource | null]>([
    ['S', {}, 'adapted'],
    ['N', {}, 'ai'],
    ['S', { S: moved }, 'edited'],
    ['Pm', { Pm: moved }, 'hand'],
    ['Pm', {}, null],
  ])('%s with edits %j -> %s', (id, edited, expected) => {
    expect(landmarkSource({ ai, edited }, id)).toBe(expected);
  });
});
