import { describe, expect, it } from 'vitest';
import { landmarksToDraw } from '../../src/features/viewer/lib/landmarks.ts';

const ai = {
  version: 1 as const,
  model: { id: 'ceph-landmarks-v1', version: '1.1.0' },
  landmarks: [
    { cname: 1, name: 'Nasion', x: 300, y: 90, confidence: 0.8 },
    { cname: 0, name: 'Sella', x: 100, y: 120, confidence: 0.9 },
  ],
};

describe('landmarksToDraw', () => {
  it('draws the model positions when nothing was adjusted, sorted by cname', () => {
    expect(landmarksToDraw(ai, null)).toEqual([
      { cname: 0, name: 'Sella', x: 100, y: 120, source: 'ai', confidence: 0.9 },
      { cname: 1, name: 'Nasion', x: 300, y: 90, source: 'ai', confidence: 0.8 },
    ]);
  });

  it('draws the adjusted position where there is one, keeping the model confidence', () => {
    const modified = { version: 1 as const, landmarks: [{ cname: 1, name: 'Nasion', x: 305, y: 95 }, { cname: 40, name: 'Extra', x: 1, y: 2 }] };
    expect(landmarksToDraw(ai, modified)).toEqual([
      { cname: 0, name: 'Sella', x: 100, y: 120, source: 'ai', confidence: 0.9 },
      { cname: 1, name: 'Nasion', x: 305, y: 95, source: 'modified', confidence: 0.8 },
      { cname: 40, name: 'Extra', x: 1, y: 2, source: 'modified', confidence: null },
    ]);
  });

  it('has nothing to draw without a record', () => {
    expect(landmarksToDraw(null, null)).toEqual([]);
  });
});
