import { describe, expect, it } from 'vitest';
import { cephShootDate, newestChart } from '../../src/features/patients/lib/charts.ts';
import { imageFileProblem } from '../../src/features/patients/lib/image-file.ts';
import { DEFAULT_SORT, listSearch, patientsVariables, readListParams, toggleSort } from '../../src/features/patients/lib/list-params.ts';
import { pageLabel, pagerModel } from '../../src/features/patients/lib/pager.ts';
import { isDayInRange } from '../../src/features/patients/lib/patient-form.ts';
import { NEW_PLAY_CLOCK, tickPlayClock, tutorialVideoExpired, type PlayClock } from '../../src/features/patients/lib/tutorial-video.ts';

describe('pager', () => {
  it.each([
    [0, '01'],
    [8, '09'],
    [9, '10'],
    [10, '11'],
    [99, '100'],
  ])('page %i is labelled %s', (page, label) => {
    expect(pageLabel(page)).toBe(label);
  });

  it.each([
    // page, total, pages of its group, previous, next, jumpBack, jumpForward, pageCount
    [0, 0, [0], null, null, null, null, 1],
    [0, 10, [0], null, null, null, null, 1],
    [0, 11, [0, 1], null, 1, null, 1, 2],
    [0, 95, [0, 1, 2, 3, 4], null, 1, null, 5, 10],
    [4, 95, [0, 1, 2, 3, 4], 3, 5, 0, 9, 10],
    [5, 95, [5, 6, 7, 8, 9], 4, 6, 0, 9, 10],
    [7, 95, [5, 6, 7, 8, 9], 6, 8, 2, 9, 10],
    [9, 95, [5, 6, 7, 8, 9], 8, null, 4, null, 10],
    [10, 123, [10, 11, 12], 9, 11, 5, 12, 13],
    [12, 123, [10, 11, 12], 11, null, 7, null, 13],
  ])('page %i of %i patients', (page, total, pages, previous, next, jumpBack, jumpForward, pageCount) => {
    expect(pagerModel(page, total, 10)).toEqual({ pages, previous, next, jumpBack, jumpForward, pageCount });
  });

  it('a page past the end shows the last group and offers the way back', () => {
    expect(pagerModel(7, 25, 10)).toEqual({ pages: [0, 1, 2], previous: 2, next: null, jumpBack: 0, jumpForward: null, pageCount: 3 });
  });
});

describe('list search and sort', () => {
  it('reads the defaults from an empty query', () => {
    expect(readListParams(new URLSearchParams(''))).toEqual({ q: '', sort: DEFAULT_SORT });
  });

  it('reads q, sort and order; ignores unknown columns', () => {
    expect(readListParams(new URLSearchParams('q=%20kim%20&sort=first_name&order=desc'))).toEqual({
      q: 'kim',
      sort: { field: 'first_name', order: 'desc' },
    });
    expect(readListParams(new URLSearchParams('sort=password&order=asc')).sort).toEqual(DEFAULT_SORT);
    expect(readListParams(new URLSearchParams('sort=birth_info&order=sideways')).sort).toEqual({ field: 'birth_info', order: 'asc' });
  });

  it('writes only what differs from the defaults', () => {
    expect(listSearch({ q: '', sort: DEFAULT_SORT })).toBe('');
    expect(listSearch({ q: 'Kim Minji', sort: DEFAULT_SORT })).toBe('?q=Kim+Minji');
    expect(listSearch({ q: '', sort: { field: 'first_name', order: 'asc' } })).toBe('?sort=first_name&order=asc');
  });

  it.each([
    [{ field: 'patient_id', order: 'desc' }, 'patient_id', { field: 'patient_id', order: 'asc' }],
    [{ field: 'patient_id', order: 'asc' }, 'patient_id', { field: 'patient_id', order: 'desc' }],
    [{ field: 'patient_id', order: 'desc' }, 'first_name', { field: 'first_name', order: 'asc' }],
    [{ field: 'first_name', order: 'asc' }, 'birth_info', { field: 'birth_info', order: 'asc' }],
  ] as const)('sorted by %o, a click on %s sorts by %o', (current, field, next) => {
    expect(toggleSort(current, field)).toEqual(next);
  });

  it('builds the patients query variables', () => {
    expect(patientsVariables(3, { q: '', sort: DEFAULT_SORT })).toEqual({ page: 3, sort: { field: 'patient_id', order: 'desc' } });
    expect(patientsVariables(0, { q: 'kim', sort: { field: 'birth_info', order: 'asc' } })).toEqual({
      page: 0,
      filter: { name_contains: 'kim' },
      sort: { field: 'birth_info', order: 'asc' },
    });
  });
});

describe('charts', () => {
  const chart = (id: number, createdAt: string, shoot: string | null) => ({
    id,
    createdAt,
    chart_data: [
      { image_type_cd: '00710' as const, shoot_date: '1999-09-09' },
      { image_type_cd: '00700' as const, shoot_date: shoot },
    ],
  });

  it('takes the shoot date of the cephalogram, not of the face photo', () => {
    expect(cephShootDate(chart(1, 'x', '2024-03-04'))).toBe('2024-03-04');
    expect(cephShootDate(chart(1, 'x', null))).toBeNull();
    expect(cephShootDate({ chart_data: [] })).toBeNull();
  });

  it('the newest chart is the last created (ties: higher id)', () => {
    const a = chart(1, '2024-01-01T00:00:00.000Z', null);
    const b = chart(2, '2024-03-01T00:00:00.000Z', null);
    const c = chart(3, '2024-03-01T00:00:00.000Z', null);
    expect(newestChart([a, b])).toBe(b);
    expect(newestChart([c, a, b])).toBe(c);
    expect(newestChart([])).toBeNull();
  });
});

describe('image files (jpg/png only)', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it.each([
    [file('ceph.jpg', 'image/jpeg'), null],
    [file('CEPH.JPEG', 'image/jpeg'), null],
    [file('ceph.png', 'image/png'), null],
    [file('ceph.gif', 'image/gif'), 'notImage'],
    [file('report.pdf', 'application/pdf'), 'notImage'],
    [file('ceph.png', ''), 'notImage'],
    [file('ceph.jpg.exe', 'image/jpeg'), 'notImage'],
    [file('ceph.png', 'image/png', 0), 'empty'],
    [file('ceph.png', 'image/png', 31 * 1024 * 1024), 'tooLarge'],
  ])('%o -> %s', (f, problem) => {
    expect(imageFileProblem(f)).toBe(problem);
  });
});

describe('dates from 1900-01-01 to today', () => {
  it.each([
    ['1900-01-01', true],
    ['1899-12-31', false],
    ['2024-06-15', true],
    ['2024-06-16', false],
    ['2023-02-29', false],
    ['2024-2-1', false],
  ])('%s on 2024-06-15: %s', (value, ok) => {
    expect(isDayInRange(value, '2024-06-15')).toBe(ok);
  });
});

describe('tutorial video: stops after one hour of playing', () => {
  const play = (clock: PlayClock, from: number, to: number, step = 0.25): PlayClock => {
    let next = clock;
    for (let t = from; t <= to + 1e-9; t += step) next = tickPlayClock(next, t);
    return next;
  };

  it('counts ticks of normal playback', () => {
    const clock = play(NEW_PLAY_CLOCK, 0, 100);
    expect(clock.played).toBeCloseTo(100);
    expect(tutorialVideoExpired(clock)).toBe(false);
  });

  it('expires at 3600 s of playing, not before', () => {
    expect(tutorialVideoExpired({ last: 0, played: 3599.9 })).toBe(false);
    expect(tutorialVideoExpired({ last: 0, played: 3600 })).toBe(true);
  });

  it('does not count a seek forward; counts a loop again', () => {
    let clock = play(NEW_PLAY_CLOCK, 0, 10);
    clock = tickPlayClock(clock, 3000); // seek
    expect(clock.played).toBeCloseTo(10);
    clock = play(clock, 0, 10); // the video looped back to 0 and played 10 s more
    expect(clock.played).toBeCloseTo(20);
  });

  it('an hour of a 20-minute video looped three times expires', () => {
    let clock = NEW_PLAY_CLOCK;
    for (let loop = 0; loop < 3; loop += 1) clock = play(clock, 0, 1200, 0.5);
    expect(tutorialVideoExpired(clock)).toBe(true);
  });
});
