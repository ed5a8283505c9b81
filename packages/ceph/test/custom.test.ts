import { describe, expect, it } from 'vitest';
import {
  USER_ANALYSIS_MANAGE_VERSION,
  addCustomGroup,
  createUserAnalysisManage,
  customGroupAsAnalysis,
  evaluateAnalysis,
  parseUserAnalysisManage,
  removeCustomGroup,
  serializeUserAnalysisManage,
  validateUserAnalysisManage,
  type UserAnalysisManage,
} from '../src/index.ts';
import { FACE, FACE_CALIBRATION } from './fixtures.ts';

const ok = (r: ReturnType<typeof validateUserAnalysisManage>): UserAnalysisManage => {
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
};

describe('user analysis groups (user_analysis_manage)', () => {
  it('creates a default group and adds named groups', () => {
    const base = ok(createUserAnalysisManage(['SNA', 'SNB', 'ANB']));
    expect(base).toEqual({ version: USER_ANALYSIS_MANAGE_VERSION, defaultGroup: { measurementIds: ['SNA', 'SNB', 'ANB'] }, groups: [] });
    const withGroup = ok(addCustomGroup(base, '  Vertical  ', ['FMA', 'JARABAK_RATIO']));
    expect(withGroup.groups).toEqual([{ name: 'Vertical', measurementIds: ['FMA', 'JARABAK_RATIO'] }]);
    expect(removeCustomGroup(withGroup, 'Vertical').groups).toEqual([]);
  });
  it.each([
    [
      'blank group name',
      { version: 1, defaultGroup: { measurementIds: [] }, groups: [{ name: '  ', measurementIds: [] }] },
      'groups.0.name',
      'Group name is required.',
    ],
    [
      'missing group name',
      { version: 1, defaultGroup: { measurementIds: [] }, groups: [{ measurementIds: [] }] },
      'groups.0.name',
      'Group name is required.',
    ],
    [
      'duplicate group name',
      {
        version: 1,
        defaultGroup: { measurementIds: [] },
        groups: [
          { name: 'A', measurementIds: [] },
          { name: 'A', measurementIds: [] },
        ],
      },
      'groups.1.name',
      'Group name already exists: A',
    ],
    [
      'unknown id',
      { version: 1, defaultGroup: { measurementIds: ['SNA', 'NOPE'] }, groups: [] },
      'defaultGroup.measurementIds.1',
      'Unknown measurement id: NOPE',
    ],
    [
      'duplicate id',
      { version: 1, defaultGroup: { measurementIds: [] }, groups: [{ name: 'G', measurementIds: ['FMA', 'FMA'] }] },
      'groups.0.measurementIds.1',
      'Duplicate measurement id: FMA',
    ],
    ['wrong version', { version: 2, defaultGroup: { measurementIds: [] }, groups: [] }, 'version', 'Unsupported version (expected 1).'],
    ['no default group', { version: 1, groups: [] }, 'defaultGroup', 'A default group is required.'],
    ['not an object', 'x', '', 'Expected an object.'],
  ])('rejects %s', (_label, input, path, message) => {
    const r = validateUserAnalysisManage(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues).toContainEqual({ path, message });
  });
  it('serialises with a version and parses back identically', () => {
    const v = ok(addCustomGroup(ok(createUserAnalysisManage(['SNA'])), 'Mine', ['WITS', 'FMIA']));
    const json = serializeUserAnalysisManage(v);
    expect(JSON.parse(json)).toMatchObject({ version: 1 });
    expect(ok(parseUserAnalysisManage(json))).toEqual(v);
    expect(parseUserAnalysisManage('{oops').ok).toBe(false);
  });
  it('a group evaluates like an analysis', () => {
    const results = evaluateAnalysis(customGroupAsAnalysis({ name: 'Mine', measurementIds: ['FMA', 'IMPA'] }), FACE, FACE_CALIBRATION);
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['FMA', 'ok'],
      ['IMPA', 'ok'],
    ]);
  });
});
