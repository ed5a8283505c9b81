import { LANDMARKS } from '@ceppro/ceph';
import { readLandmarkList, SETTINGS_DEFAULTS, viewerDisplayConfigSchema } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { viewerAppearance } from '../../src/features/viewer/lib/viewer-appearance.ts';

describe('Settings > landmarks in the viewer (landmark_list)', () => {
  it('reads the hidden landmarks; no list hides none', () => {
    const config = viewerDisplayConfigSchema.parse({ ...SETTINGS_DEFAULTS, landmark_list: { version: 1, hidden: ['Ba', 'Bo'] } });
    expect([...viewerAppearance(config).hiddenLandmarks]).toEqual(['Ba', 'Bo']);
    expect(viewerAppearance(viewerDisplayConfigSchema.parse(SETTINGS_DEFAULTS)).hiddenLandmarks.size).toBe(0);
    expect(viewerAppearance(null).hiddenLandmarks.size).toBe(0);
  });

  it.each([
    ['an unknown version', { version: 2, hidden: ['Ba'] }, null],
    ['no document', null, null],
    ['a foreign shape', { shown: ['Ba'] }, null],
    ['ids this version does not know (dropped), known kept', { version: 1, hidden: ['Ba', 'Zz9'] }, { version: 1, hidden: ['Ba'] }],
  ])('reads %s leniently', (_what, raw, read) => {
    expect(readLandmarkList(raw)).toEqual(read);
  });

  it('every registry landmark can be hidden (the list holds them all)', () => {
    const all = LANDMARKS.map((l) => l.id);
    expect(readLandmarkList({ version: 1, hidden: all })?.hidden).toEqual(all);
  });
});
