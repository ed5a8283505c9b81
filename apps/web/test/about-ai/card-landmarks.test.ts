import { getLandmark } from '@ceppro/ceph';
import { landmarkName, type ModelCard } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import fixture from '../../../server/test/fixtures/model-card.json';
import servedCard from '../../../../models/ceph-landmarks-v2.card.json';
import { cardLandmarkId, shownLandmark } from '../../src/features/about-ai/lib/card-landmarks.ts';

const served = servedCard as ModelCard;

describe("card landmarks: the viewer's names", () => {
  it.each([
    ['the served card', served],
    ["the server tests' fixture", fixture as ModelCard],
  ])('every landmark of %s is one the viewer knows, by name or short name', (_what, card) => {
    const named = [...card.model.landmarks, ...card.evaluations.flatMap((e) => e.per_landmark)];
    for (const landmark of named) expect(cardLandmarkId(landmark), landmark.name).not.toBeNull();
  });

  it.each([
    // [card name, card short name, language, registry id, short shown (the viewer's), full name shown]
    ['Sella', 'S', 'ko', 'S', 'S', '셀라'],
    ['Upper lip', 'UL', 'ko', 'Ls', 'Ls', '상순점 (라브랄레 수페리우스)'],
    ['Soft tissue pogonion', "Pog'", 'vi', 'stPog', "Pog'", 'Điểm Pogonion mô mềm'],
    ['Lower incisal incision', 'L1', 'en', 'L1', 'L1', 'Lower incisor tip'],
    ['Subspinale (A point)', 'A', 'ja', 'A', 'A', landmarkName('A', 'ja')],
  ])("%s (%s) in %s: the viewer's short and full name", (name, short, lang, id, shortShown, nameShown) => {
    const shown = shownLandmark({ name, short_name: short }, lang);
    expect(shown).toEqual({ id, short: shortShown, name: nameShown });
    // The same source as the viewer's landmark list (registry short name, clinical vocabulary).
    expect([getLandmark(shown.id!).shortName, landmarkName(shown.id!, lang)]).toEqual([shortShown, nameShown]);
  });

  it("a landmark the catalogue does not know keeps the card's English, marked so", () => {
    expect(shownLandmark({ name: 'Sphenoid tip', short_name: 'Sph' }, 'ko')).toEqual({
      id: null,
      short: 'Sph',
      name: 'Sphenoid tip',
      lang: 'en',
    });
  });
});
