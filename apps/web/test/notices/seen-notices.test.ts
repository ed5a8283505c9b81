import { beforeEach, describe, expect, it } from 'vitest';
import { dismissedNotices, markEventShown, markNoticeDismissed, shownEvents } from '../../src/features/notices/lib/seen-notices.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("what this browser has had of the operator's notices", () => {
  it('remembers dismissed notices on the browser, and forgets those no longer in force', () => {
    markNoticeDismissed('a', ['a', 'b']);
    markNoticeDismissed('b', ['a', 'b']);
    expect(dismissedNotices()).toEqual(['a', 'b']);
    // "a" ended: dismissing "c" prunes it.
    markNoticeDismissed('c', ['b', 'c']);
    expect(dismissedNotices()).toEqual(['b', 'c']);
    expect(sessionStorage.length).toBe(0);
  });

  it('remembers events shown in this tab only, once each', () => {
    markEventShown('e1');
    markEventShown('e1');
    expect(shownEvents()).toEqual(['e1']);
    expect(localStorage.length).toBe(0);
  });

  it('reads garbled storage as nothing seen', () => {
    localStorage.setItem('ceppro.dismissedNotices', '{not json');
    sessionStorage.setItem('eventPopupShown', JSON.stringify([1, 'e2']));
    expect(dismissedNotices()).toEqual([]);
    expect(shownEvents()).toEqual(['e2']);
  });
});
