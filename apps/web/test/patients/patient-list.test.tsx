import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePopupStore } from '../../src/stores/popup-store.ts';
import { renderApp } from '../render-app.tsx';
import { clearCookies, fakeServer, page, patient, signIn, tutorialUser, type FakeServer } from './fake-server.ts';

let server: FakeServer;

beforeEach(() => {
  clearCookies();
  window.sessionStorage.clear();
  window.localStorage.clear();
  usePopupStore.getState().close();
  signIn();
  server = fakeServer();
  server.on('Users', tutorialUser(false));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const listCalls = () => server.graphCalls.filter((c) => c.operation === 'Patients').map((c) => c.variables);

describe('patient list states', () => {
  it('shows loading in the table body, then the rows and the pager', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    server.on('Patients', () => page([patient(1), patient(2)], 2));
    const original = window.fetch;
    const slow = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return original(input, init);
    });
    window.fetch = slow;
    renderApp('/list/0');
    expect(await screen.findByTestId('list-loading')).toBeTruthy();
    release();
    expect(await screen.findAllByTestId('patient-row')).toHaveLength(2);
    expect(screen.queryByTestId('list-loading')).toBeNull();
    expect(screen.getByTestId('pager-total').textContent).toBe('Total 2');
  });

  it('shows the error with a retry that loads again', async () => {
    server.on('Patients', { raw: { status: 200, body: { data: null, errors: [{ message: 'boom', extensions: { code: 'INTERNAL' } }] } } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/list/0');
    expect((await screen.findByTestId('list-error')).textContent).toContain('The patient list could not be loaded.');
    server.on('Patients', () => page([patient(1)]));
    fireEvent.click(screen.getByTestId('list-retry'));
    expect(await screen.findAllByTestId('patient-row')).toHaveLength(1);
  });

  it('shows "There is no result." for an empty list', async () => {
    server.on('Patients', () => page([], 0));
    renderApp('/list/0');
    expect((await screen.findByTestId('list-empty')).textContent).toBe('There is no result.');
  });
});

describe('patient list rows', () => {
  it('shows name, birthdate with age, M/F and one history link per chart ("----" without a date)', async () => {
    const charts = [
      {
        id: 11,
        uuid: 'u-new',
        chart_id: 'c-new',
        createdAt: '2024-05-01T00:00:00.000Z',
        chart_data: [{ image_type_cd: '00700' as const, shoot_date: null }],
      },
      {
        id: 10,
        uuid: 'u-old',
        chart_id: 'c-old',
        createdAt: '2024-01-01T00:00:00.000Z',
        chart_data: [{ image_type_cd: '00700' as const, shoot_date: '2023-12-24' }],
      },
    ];
    server.on('Patients', () => page([patient(7, { first_name: 'Kim Minji', birth_info: '2000-01-01', gender: true, charts })]));
    const { router } = renderApp('/list/0');
    const row = await screen.findByTestId('patient-row');
    expect(row.textContent).toContain('Kim Minji');
    expect(row.textContent).toContain('2000-01-01');
    expect(row.textContent).toMatch(/Age \d+/);
    expect(within(row).getByText('F')).toBeTruthy();
    const links = within(row).getAllByTestId('history-link');
    expect(links.map((l) => l.textContent)).toEqual(['----', '2023-12-24']);
    fireEvent.click(links[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/viewer/u-old'));
  });

  it('a row click opens the newest chart in the viewer', async () => {
    const charts = [
      { id: 10, uuid: 'u-old', chart_id: 'c-old', createdAt: '2024-01-01T00:00:00.000Z', chart_data: [] },
      { id: 11, uuid: 'u-new', chart_id: 'c-new', createdAt: '2024-05-01T00:00:00.000Z', chart_data: [] },
    ];
    server.on('Patients', () => page([patient(1, { charts })]));
    const { router } = renderApp('/list/0');
    fireEvent.click(await screen.findByTestId('patient-row'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/viewer/u-new'));
  });

  it('a row click without a chart shows "Chart without patient data"', async () => {
    server.on('Patients', () => page([patient(1, { charts: [] })]));
    const { router } = renderApp('/list/0');
    fireEvent.click(await screen.findByTestId('patient-row'));
    expect(screen.getByTestId('confirm-popup').textContent).toContain('Chart without patient data');
    expect(router.state.location.pathname).toBe('/list/0');
  });

  it('Edit opens the patient edit modal', async () => {
    server.on('Patients', () => page([patient(3)]));
    server.on('Patient', () => ({ patient: patient(3) }));
    server.on('PatientCharts', () => ({ charts: [] }));
    renderApp('/list/0');
    fireEvent.click(await screen.findByTestId('row-edit'));
    const modal = await screen.findByTestId('edit-modal');
    expect(within(modal).getByRole('heading', { name: 'Update information of patient' })).toBeTruthy();
    expect(((await within(modal).findByTestId('pe-name')) as HTMLInputElement).value).toBe('Patient 3');
  });
});

describe('search and sort build the query variables', () => {
  beforeEach(() => server.on('Patients', () => page([patient(1)], 1)));

  it('starts sorted by patient ID, newest first', async () => {
    renderApp('/list/0');
    await screen.findByTestId('patient-row');
    expect(listCalls()[0]).toEqual({ page: 0, sort: { field: 'patient_id', order: 'desc' } });
    expect(screen.getByTestId('sort-patient_id').closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('a header click sorts by that column ascending, a second click descending', async () => {
    const { router } = renderApp('/list/2');
    await screen.findByTestId('patient-row');
    fireEvent.click(screen.getByTestId('sort-first_name'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ page: 0, sort: { field: 'first_name', order: 'asc' } }));
    expect(router.state.location.pathname).toBe('/list/0');
    expect(screen.getByTestId('sort-first_name').getAttribute('data-direction')).toBe('asc');
    fireEvent.click(screen.getByTestId('sort-first_name'));
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ page: 0, sort: { field: 'first_name', order: 'desc' } }));
    expect(screen.getByTestId('sort-first_name').closest('th')?.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByTestId('sort-patient_id').closest('th')?.getAttribute('aria-sort')).toBe('none');
  });

  it('Enter in the search box searches by name from page 0 and keeps the sort', async () => {
    const { router } = renderApp('/list/1?sort=birth_info&order=asc');
    await screen.findByTestId('patient-row');
    const input = screen.getByTestId('search-input');
    expect(input.getAttribute('placeholder')).toBe('Search Name');
    fireEvent.change(input, { target: { value: '  Kim ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(listCalls().at(-1)).toEqual({ page: 0, filter: { name_contains: 'Kim' }, sort: { field: 'birth_info', order: 'asc' } }),
    );
    expect(router.state.location.search).toBe('?q=Kim&sort=birth_info&order=asc');
  });

  it('the search icon searches too', async () => {
    renderApp('/list/0');
    await screen.findByTestId('patient-row');
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'Lee' } });
    fireEvent.click(screen.getByTestId('search-button'));
    await waitFor(() =>
      expect(listCalls().at(-1)).toEqual({ page: 0, filter: { name_contains: 'Lee' }, sort: { field: 'patient_id', order: 'desc' } }),
    );
  });
});

describe('pager', () => {
  it('shows zero-padded 1-based pages in groups of 5, current highlighted, and jumps by 5', async () => {
    server.on('Patients', (v) => page([patient(Number(v.page) + 1)], 123, Number(v.page)));
    const { router } = renderApp('/list/6?q=a');
    await screen.findByTestId('patient-row');
    const pager = screen.getByTestId('pager');
    expect(
      within(pager)
        .getAllByTestId('pager-page')
        .map((p) => p.textContent),
    ).toEqual(['06', '07', '08', '09', '10']);
    expect(within(pager).getByText('07').getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByTestId('pager-back5').getAttribute('href')).toBe('/list/1?q=a');
    expect(within(pager).getByTestId('pager-forward5').getAttribute('href')).toBe('/list/11?q=a');
    fireEvent.click(within(pager).getByTestId('pager-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/7'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ page: 7, filter: { name_contains: 'a' } }));
  });
});

describe('delete patient', () => {
  it('confirms, deletes, refetches; the last row of a page > 0 goes to the previous page', async () => {
    let items = [patient(11)];
    server.on('Patients', (v) => (v.page === 1 ? page(items, 10 + items.length, 1) : page([patient(1)], 10 + items.length, 0)));
    server.on('DeletePatient', () => {
      items = [];
      return { delete_patient: true };
    });
    const { router } = renderApp('/list/1');
    fireEvent.click(await screen.findByTestId('row-delete'));
    const popup = screen.getByTestId('confirm-popup');
    expect(popup.textContent).toContain('Delete patient');
    fireEvent.click(within(popup).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/0'));
    expect(server.graphCalls.find((c) => c.operation === 'DeletePatient')?.variables).toEqual({ id: 11 });
  });

  it('cancel deletes nothing', async () => {
    server.on('Patients', () => page([patient(1)]));
    renderApp('/list/0');
    fireEvent.click(await screen.findByTestId('row-delete'));
    fireEvent.click(within(screen.getByTestId('confirm-popup')).getByRole('button', { name: 'Cancel' }));
    expect(server.graphCalls.some((c) => c.operation === 'DeletePatient')).toBe(false);
  });
});

describe('tutorial popup', () => {
  beforeEach(() => server.on('Patients', () => page([patient(1)])));

  it('is not shown when the tutorial flag is false', async () => {
    renderApp('/list/0');
    await screen.findByTestId('patient-row');
    await act(async () => undefined);
    expect(screen.queryByTestId('tutorial-popup')).toBeNull();
  });

  it('shows video, manual and Download; Close with "Do not open anymore" saves tutorial=false', async () => {
    server.on('Users', tutorialUser(true));
    server.on('UpdateUser', (v) => ({ update_user: { ...tutorialUser(false).users[0], user_permission: v.user_permission } }));
    renderApp('/list/0');
    const popup = await screen.findByTestId('tutorial-popup');
    expect(within(popup).getByRole('heading', { name: 'Welcome to Ceppro v3.0' })).toBeTruthy();
    expect(popup.querySelector('video')?.getAttribute('src')).toBe('/tutorial/ceppro-tutorial-en.webm');
    expect(within(popup).getByRole('button', { name: 'Download' })).toBeTruthy();
    fireEvent.click(within(popup).getByRole('checkbox', { name: 'Do not open anymore' }));
    fireEvent.click(within(popup).getByTestId('tutorial-close'));
    expect(screen.queryByTestId('tutorial-popup')).toBeNull();
    await waitFor(() =>
      expect(server.graphCalls.find((c) => c.operation === 'UpdateUser')?.variables).toEqual({
        user_permission: { version: 1, tutorial: false },
      }),
    );
  });

  it('Close without the box saves nothing', async () => {
    server.on('Users', tutorialUser(true));
    renderApp('/list/0');
    fireEvent.click(within(await screen.findByTestId('tutorial-popup')).getByTestId('tutorial-close'));
    expect(screen.queryByTestId('tutorial-popup')).toBeNull();
    expect(server.graphCalls.some((c) => c.operation === 'UpdateUser')).toBe(false);
  });

  it('pauses the video once it has played for an hour', async () => {
    server.on('Users', tutorialUser(true));
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(false);
    renderApp('/list/0');
    const video = (await screen.findByTestId('tutorial-video')) as HTMLVideoElement;
    let time = 0;
    Object.defineProperty(video, 'currentTime', { get: () => time, configurable: true });
    const tick = (t: number) => {
      time = t;
      fireEvent.timeUpdate(video);
    };
    for (let t = 0; t < 3599; t += 1) tick(t);
    expect(pause).not.toHaveBeenCalled();
    tick(3599);
    tick(3600);
    expect(pause).toHaveBeenCalled();
  });
});
