import { imagePoint } from '@ceppro/ceph';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filmDefinition } from '../../src/features/viewer/lib/landmark-definition.ts';
import { isAdapted, useLandmarkStore } from '../../src/features/viewer/store/landmark-store.ts';
import { showLandmarkPanel, withLoadedRecord } from './landmark-panel-harness.tsx';

/**
 * A film detected for an account that chose machine porion, constructed gonion and the lowest menton:
 * the server found the ear-rod ring (porion moved to its top, the model's point in `raw`), did not find
 * the mandibular border, and could not compute menton (its inputs were missing). Adaptation then moved
 * porion 2 px further back (the clinic's shift on top of machine porion).
 */
const definitions = {
  profile: { Po: 'machine', Go: 'constructed', Me: 'lowest' },
  applied: [
    { id: 'Po', choice: 'machine', found: true },
    { id: 'Go', choice: 'constructed', found: false, reason: 'not-on-film' },
    { id: 'Me', choice: 'lowest', found: false, reason: 'missing-landmarks' },
  ],
};
const record = {
  id: 5,
  revision: 1,
  infer_result: {
    version: 1 as const,
    model: { id: 'ceph-landmarks-v2', version: '2.0.0' },
    landmarks: [
      {
        cname: 3,
        name: 'Porion',
        x: 310,
        y: 580,
        confidence: 0.8,
        raw: { x: 314, y: 594 },
        definition: 'machine',
        defined: { x: 312, y: 580 },
      },
      { cname: 9, name: 'Gonion', x: 348, y: 858, confidence: 0.85 },
      { cname: 7, name: 'Menton', x: 616, y: 1035, confidence: 0.9 },
      { cname: 0, name: 'Sella', x: 425, y: 513, confidence: 0.95 },
    ],
    definitions,
  },
  modified_result: null,
};

withLoadedRecord(record);

const select = (id: 'Po' | 'Go' | 'Me' | 'S') => act(() => useLandmarkStore.getState().select(id));
const definition = () => screen.getByTestId('landmark-definition').textContent;
const note = () => screen.queryByTestId('landmark-definition-note')?.textContent ?? null;

describe("the selected landmark's definition follows what the film's detection applied", () => {
  it('a found definition reads as that definition; the point is adapted on top of it and keeps the model’s own', () => {
    showLandmarkPanel();
    select('Po');
    expect(definition()).toBe(
      'Machine porion: Top of the ear-rod ring of the cephalostat, found on the film near the anatomical porion; ' +
        'the anatomical point stays when no ring is found.',
    );
    expect(note()).toBeNull();
    expect(screen.getByTestId('landmark-source').textContent).toBe(
      'AI, adapted to your films (the model’s own point: x 314.0, y 594.0 px)',
    );
  });

  it('a definition the film did not show reads as the model’s own, with a note saying which was not found', () => {
    showLandmarkPanel();
    select('Go');
    expect(definition()).toBe('Most posterior-inferior point of the mandibular angle.');
    expect(note()).toBe('Not found on this film: Constructed gonion. Shown instead: Anatomical gonion.');
    select('Me');
    expect(note()).toBe(
      'Lowest point of the symphysis could not be computed (landmarks it needs are missing). Shown instead: Menton (ISBI).',
    );
    select('S');
    expect(note()).toBeNull();
    expect(definition()).toBe('Centre of the pituitary fossa (sella turcica), judged visually.');
  });

  it('reads in the interface language', () => {
    showLandmarkPanel('ko');
    select('Po');
    expect(definition()).toMatch(/^기계적 포리온: 세팔로스탯 이어로드 링의 최상방점/);
    select('Go');
    expect(note()).toBe('이 필름에서 찾지 못함: 작도 고니온. 대신 표시: 해부학적 고니온.');
  });

  it('a defined point that adaptation did not move is plain AI (with the model’s point), not adapted', () => {
    const onlyDefined = {
      ...record,
      infer_result: {
        ...record.infer_result,
        landmarks: [{ ...record.infer_result.landmarks[0]!, x: 312, y: 580 }, ...record.infer_result.landmarks.slice(1)],
      },
    };
    useLandmarkStore.getState().load(onlyDefined, 1);
    showLandmarkPanel();
    const po = screen.getAllByTestId('landmark-item').find((li) => li.dataset.id === 'Po')!;
    expect(within(po).getByTestId('landmark-badge').textContent).toBe('AI 80%');
    fireEvent.click(within(po).getAllByRole('button')[0]!);
    expect(screen.getByTestId('landmark-source').textContent).toBe('Placed by the AI (the model’s own point: x 314.0, y 594.0 px)');
  });

  it('without stored definitions (the model’s own, or a film from before), the catalogue definition and no note', () => {
    useLandmarkStore.getState().load({ ...record, infer_result: { ...record.infer_result, definitions: undefined } }, 1);
    showLandmarkPanel();
    select('Po');
    expect(definition()).toBe('Top of the external auditory meatus (anatomical porion).');
    expect(note()).toBeNull();
  });
});

describe('filmDefinition and isAdapted', () => {
  it.each([
    ['Po', { id: 'Po', choice: 'machine', fallback: 'anatomical', status: 'applied' }],
    ['Go', { id: 'Go', choice: 'constructed', fallback: 'anatomical', status: 'not-found' }],
    ['Me', { id: 'Me', choice: 'lowest', fallback: 'isbi', status: 'missing-inputs' }],
    ['S', null],
  ])('%s', (id, expected) => {
    expect(filmDefinition(definitions, id)).toEqual(expected);
  });

  it('a model-output choice, or no stored definitions, is no film definition', () => {
    const own = { profile: { Po: 'anatomical', Go: 'anatomical', Me: 'isbi' }, applied: [{ id: 'Po', choice: 'anatomical', found: true }] };
    expect(filmDefinition(own, 'Po')).toBeNull();
    expect(filmDefinition(null, 'Po')).toBeNull();
  });

  it('adapted means moved off the defined point, else off the model’s own', () => {
    const p = imagePoint;
    expect(isAdapted({ point: p(1, 1), confidence: 1, name: 'x', raw: p(0, 0) })).toBe(true);
    expect(isAdapted({ point: p(1, 1), confidence: 1, name: 'x', raw: p(0, 0), definition: { choice: 'machine', point: p(1, 1) } })).toBe(
      false,
    );
    expect(isAdapted({ point: p(2, 1), confidence: 1, name: 'x', raw: p(0, 0), definition: { choice: 'machine', point: p(1, 1) } })).toBe(
      true,
    );
    expect(isAdapted({ point: p(1, 1), confidence: 1, name: 'x' })).toBe(false);
    expect(isAdapted(undefined)).toBe(false);
  });
});
