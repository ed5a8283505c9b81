import type { Chart } from '@ceppro/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATIENT_SAVE_FOLLOW_UP_MS } from '../../src/features/patients/components/patient-edit/patient-info-form.tsx';
import type * as Upload from '../../src/features/patients/upload/index.ts';
import { useModalStore } from '../../src/stores/modal-store.ts';
import { usePopupStore } from '../../src/stores/popup-store.ts';
import { useToastStore } from '../../src/stores/toast-store.ts';
import { toastTitles } from '../toast-titles.ts';
import { renderApp } from '../render-app.tsx';
import { clearCookies, fakeServer, page, patient, signIn, type FakeServer } from './fake-server.ts';

const runUpload = vi.hoisted(() => vi.fn());
vi.mock('../../src/features/patients/upload/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Upload>()),
  runUpload,
}));

const chart = (id: number, shoot: string | null): Chart => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  chart_id: `10000000-0000-4000-8000-00000000000${id}`,
  createdAt: `2024-0${id}-01T00:00:00.000Z`,
  chart_data: [{ id: id * 100, image_type_cd: '00700', shoot_date: shoot }],
});

let server: FakeServer;
let charts: Chart[];

beforeEach(() => {
  clearCookies();
  window.sessionStorage.clear();
  usePopupStore.getState().close();
  useModalStore.getState().closeModal();
  useToastStore.getState().clearAll();
  runUpload.mockReset();
  signIn();
  charts = [chart(2, '2024-02-01'), chart(1, null)];
  server = fakeServer();
  server.on('Users', { users: [] });
  server.on('Patients', () => page([patient(5, { first_name: 'Kim Minji' })]));
  server.on('Patient', () => ({ patient: patient(5, { first_name: 'Kim Minji', birth_info: '1990-05-10', gender: true }) }));
  server.on('PatientCharts', () => ({ charts }));
  server.on('DeleteChart', (v) => {
    charts = charts.filter((c) => c.id !== v.id);
    return { delete_chart: true };
  });
  server.onRest('/minio/download', (body) => {
    const lost = (body as { chart_id: string }).chart_id === chart(1, null).chart_id;
    return [
      {
        chart_data_id: 1,
        image_type_cd: '00700',
        presignedPath: lost ? null : 'http://files.test/thumb.jpg',
        thumbnail: true,
        lost,
        create_at: '2024-01-01T00:00:00.000Z',
        shoot_date: null,
        width: 360,
        height: 300,
      },
    ];
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openEditModal() {
  const app = renderApp('/list/0');
  fireEvent.click(await screen.findByTestId('row-edit'));
  const modal = await screen.findByTestId('edit-modal');
  await within(modal).findAllByTestId('history-tile');
  return { ...app, modal };
}

describe('patient edit as a page (/view/{id})', () => {
  it('shows the read-only patient ID, the fields and the history: add tile first, three per row, LOST', async () => {
    renderApp('/view/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Update information of patient' })).toBeTruthy();
    const id = (await screen.findByTestId('pe-patient-id')) as HTMLInputElement;
    expect(id.value).toBe('5');
    expect(id.readOnly).toBe(true);
    expect((screen.getByTestId('pe-name') as HTMLInputElement).value).toBe('Kim Minji');
    expect((screen.getByTestId('pe-birth') as HTMLInputElement).value).toBe('1990-05-10');
    expect((screen.getByTestId('pe-gender-female') as HTMLInputElement).checked).toBe(true);
    const tiles = await screen.findAllByTestId('history-tile');
    expect(tiles).toHaveLength(2);
    const grid = tiles[0]?.closest('ul') as HTMLElement;
    expect(grid.firstElementChild?.querySelector('[data-testid="history-add"]')).toBeTruthy();
    expect(tiles[0]?.textContent).toContain('2024-02-01');
    expect(tiles[1]?.textContent).toContain('----');
    await waitFor(() => expect(within(tiles[1] as HTMLElement).getByTestId('tile-lost').textContent).toBe('LOST'));
    await waitFor(() => expect(tiles[0]?.querySelector('img')?.getAttribute('src')).toBe('http://files.test/thumb.jpg'));
    expect(server.restCalls.find((c) => c.path === '/minio/download')?.body).toEqual({
      chart_id: expect.any(String),
      image_type_cd: ['00700'],
      thumbnail_only_check: true,
    });
  });

  it('a tile opens its chart in the viewer', async () => {
    const { router } = renderApp('/view/5');
    const [first] = await screen.findAllByTestId('history-tile');
    fireEvent.click(within(first as HTMLElement).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/viewer/${chart(2, null).uuid}`));
  });

  it('deleting a chart that is not the last one stays on the patient', async () => {
    const { router } = renderApp('/view/5');
    const [first] = await screen.findAllByTestId('history-tile');
    fireEvent.click(within(first as HTMLElement).getByTestId('tile-delete'));
    fireEvent.click(within(screen.getByTestId('confirm-popup')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('history-tile')).toHaveLength(1));
    expect(server.graphCalls.find((c) => c.operation === 'DeleteChart')?.variables).toEqual({ id: 2 });
    expect(router.state.location.pathname).toBe('/view/5');
  });

  it('deleting the last chart returns to the list', async () => {
    charts = [chart(1, null)];
    const { router } = renderApp('/view/5');
    fireEvent.click(within(await screen.findByTestId('history-tile')).getByTestId('tile-delete'));
    fireEvent.click(within(screen.getByTestId('confirm-popup')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/0'));
    expect(server.graphCalls.find((c) => c.operation === 'DeleteChart')?.variables).toEqual({ id: 1 });
  });

  it('Save sends update_patient (gender true = female) and shows a success toast', async () => {
    server.on('UpdatePatient', (v) => ({
      update_patient: { id: 5, patient_id: '5', first_name: 'Lee', birth_info: '1991-01-02', gender: false, ...(v.input as object) },
    }));
    renderApp('/view/5');
    const save = (await screen.findByTestId('save')) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('pe-name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByTestId('pe-birth'), { target: { value: '1991-01-02' } });
    fireEvent.click(screen.getByTestId('pe-gender-male'));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(toastTitles()).toContain('Patient information saved.'));
    expect(server.graphCalls.find((c) => c.operation === 'UpdatePatient')?.variables).toEqual({
      id: 5,
      input: { first_name: 'Lee', birth_info: '1991-01-02', gender: false },
    });
  });

  it('Delete patient confirms, soft-deletes and returns to the list', async () => {
    server.on('DeletePatient', { delete_patient: true });
    const { router } = renderApp('/view/5');
    fireEvent.click(await screen.findByTestId('delete-patient'));
    fireEvent.click(within(screen.getByTestId('confirm-popup')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/0'));
    expect(server.graphCalls.find((c) => c.operation === 'DeletePatient')?.variables).toEqual({ id: 5 });
  });
});

describe('patient edit as the global modal', () => {
  it('Escape closes it', async () => {
    await openEditModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('edit-modal')).toBeNull();
  });

  it('Escape with a confirm popup on top closes only the popup', async () => {
    const { modal } = await openEditModal();
    fireEvent.click(within(modal).getByTestId('delete-patient'));
    expect(screen.getByTestId('confirm-popup')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('confirm-popup')).toBeNull();
    expect(screen.getByTestId('edit-modal')).toBeTruthy();
  });

  it('a route change closes it', async () => {
    const { router } = await openEditModal();
    await act(() => router.navigate('/setting'));
    expect(screen.queryByTestId('edit-modal')).toBeNull();
    expect(useModalStore.getState()).toMatchObject({ displayModal: false, modalMode: 'list' });
  });

  it('deleting the last chart closes it (the list is underneath) and refetches', async () => {
    charts = [chart(1, null)];
    const { router, modal } = await openEditModal();
    const listLoads = server.graphCalls.filter((c) => c.operation === 'Patients').length;
    fireEvent.click(within(modal).getByTestId('tile-delete'));
    fireEvent.click(within(screen.getByTestId('confirm-popup')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('edit-modal')).toBeNull());
    expect(router.state.location.pathname).toBe('/list/0');
    await waitFor(() => expect(server.graphCalls.filter((c) => c.operation === 'Patients').length).toBeGreaterThan(listLoads));
  });

  it('Save closes the modal one second after the success', async () => {
    server.on('UpdatePatient', { update_patient: { id: 5, patient_id: '5', first_name: 'Lee', birth_info: '1990-05-10', gender: true } });
    const { modal } = await openEditModal();
    fireEvent.change(within(modal).getByTestId('pe-name'), { target: { value: 'Lee' } });
    const save = within(modal).getByTestId('save') as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    // The follow-up runs on timers the test moves: vi.waitFor steps them 50 ms per check while the save resolves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(save);
      await vi.waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
      act(() => vi.advanceTimersByTime(PATIENT_SAVE_FOLLOW_UP_MS - 100));
      expect(screen.getByTestId('edit-modal')).toBeTruthy();
      act(() => vi.advanceTimersByTime(100));
      expect(screen.queryByTestId('edit-modal')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('change image opens the upload form on top; its close returns to the edit (view/change)', async () => {
    const { modal } = await openEditModal();
    fireEvent.click(within(modal).getAllByTestId('tile-change')[0] as HTMLElement);
    expect(useModalStore.getState().modalMode).toBe('view/change');
    const upload = screen.getByTestId('upload-modal');
    expect(within(upload).getByRole('heading', { name: 'Upload new image' })).toBeTruthy();
    expect((within(upload).getByTestId('upload-shoot-date') as HTMLInputElement).value).toBe('2024-02-01');
    expect((within(upload).getByTestId('upload-shoot-date') as HTMLInputElement).maxLength).toBe(30);
    expect((within(upload).getByTestId('save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(upload).getByTestId('upload-modal-close'));
    expect(screen.queryByTestId('upload-modal')).toBeNull();
    expect(screen.getByTestId('edit-modal')).toBeTruthy();
    expect(useModalStore.getState().modalMode).toBe('view');
  });

  it('change mode uploads to the chart and closes the modal', async () => {
    runUpload.mockResolvedValue({ chartUuid: chart(2, null).uuid, chartId: chart(2, null).chart_id, patientId: 5 });
    const { modal } = await openEditModal();
    fireEvent.click(within(modal).getAllByTestId('tile-change')[0] as HTMLElement);
    const upload = screen.getByTestId('upload-modal');
    fireEvent.change(within(upload).getByTestId('drop-ceph-input'), {
      target: { files: [new File(['x'], 'new.jpg', { type: 'image/jpeg' })] },
    });
    const save = within(upload).getByTestId('save') as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByTestId('edit-modal')).toBeNull());
    expect(runUpload.mock.calls[0]?.[0]).toEqual({ mode: 'change', chartId: chart(2, null).chart_id });
    expect(runUpload.mock.calls[0]?.[1]).toMatchObject({ shootDate: '2024-02-01', face: null });
    expect(toastTitles()).toContain('The image was changed.');
  });

  it('the add tile opens "Upload new image" for a new chart and passes its shoot date', async () => {
    runUpload.mockResolvedValue({ chartUuid: 'u9', chartId: 'c9', patientId: 5 });
    const { modal } = await openEditModal();
    fireEvent.click(within(modal).getByTestId('history-add'));
    expect(useModalStore.getState().modalMode).toBe('add');
    const upload = screen.getByTestId('upload-modal');
    const date = within(upload).getByTestId('upload-shoot-date') as HTMLInputElement;
    expect(date.disabled).toBe(false);
    fireEvent.change(date, { target: { value: '2023-05-06' } });
    fireEvent.change(within(upload).getByTestId('drop-ceph-input'), {
      target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
    });
    fireEvent.click(within(upload).getByTestId('drop-ceph-clear'));
    expect((within(upload).getByTestId('save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(upload).getByTestId('drop-ceph-input'), {
      target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect((within(upload).getByTestId('save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(upload).getByTestId('save'));
    await waitFor(() => expect(screen.queryByTestId('upload-modal')).toBeNull());
    expect(runUpload.mock.calls[0]?.[0]).toEqual({ mode: 'add', patientId: 5 });
    expect(runUpload.mock.calls[0]?.[1]).toMatchObject({ shootDate: '2023-05-06' });
  });

  it("a tile's shoot date is corrected without uploading again, with the calendar-date check", async () => {
    const sent: unknown[] = [];
    server.onRest('/api/update-shoot-date', (body) => {
      sent.push(body);
      const { shoot_date } = body as { shoot_date: string };
      charts = charts.map((c) => (c.id === 2 ? { ...c, chart_data: [{ id: 200, image_type_cd: '00700', shoot_date }] } : c));
      return { updated: 1 };
    });
    const { modal } = await openEditModal();
    const tile = within(modal).getAllByTestId('history-tile')[0] as HTMLElement;
    fireEvent.click(within(tile).getByTestId('tile-date-edit'));
    const input = within(tile).getByTestId('tile-date-input') as HTMLInputElement;
    expect(input.value).toBe('2024-02-01');
    const save = within(tile).getByTestId('tile-date-save') as HTMLButtonElement;

    fireEvent.change(input, { target: { value: '2023-02-30' } });
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(within(tile).getByRole('alert').textContent).not.toBe('');
    fireEvent.click(save);
    expect(sent).toEqual([]);

    fireEvent.change(input, { target: { value: '2023-12-31' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(sent).toEqual([{ chart_id: chart(2, null).chart_id, image_type_cd: ['00700'], shoot_date: '2023-12-31' }]));
    await waitFor(() => expect(within(tile).queryByTestId('tile-date-input')).toBeNull());
    await waitFor(() => expect(within(tile).getByText('2023-12-31')).toBeTruthy());
    expect(runUpload).not.toHaveBeenCalled();
  });
});
