import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Upload from '../../src/features/patients/upload/index.ts';
import { usePopupStore } from '../../src/stores/popup-store.ts';
import { useToastStore } from '../../src/stores/toast-store.ts';
import { toastTitles } from '../toast-titles.ts';
import { renderApp } from '../render-app.tsx';
import { clearCookies, fakeServer, page, signIn } from './fake-server.ts';

// The pipeline is another module's job (and has its own tests); here only its seam is scripted.
const runUpload = vi.hoisted(() => vi.fn());
vi.mock('../../src/features/patients/upload/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Upload>()),
  runUpload,
}));
const { UploadFailedError } = await vi.importActual<typeof Upload>('../../src/features/patients/upload/index.ts');

const png = (name = 'ceph.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

beforeEach(() => {
  clearCookies();
  window.sessionStorage.clear();
  usePopupStore.getState().close();
  useToastStore.getState().clearAll();
  runUpload.mockReset();
  signIn();
  const server = fakeServer();
  server.on('Patients', () => page([]));
  server.on('Users', { users: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const save = () => screen.getByTestId('save') as HTMLButtonElement;
const choose = (zone: 'drop-ceph' | 'drop-face', file: File) =>
  fireEvent.change(screen.getByTestId(`${zone}-input`), { target: { files: [file] } });

async function fillAll() {
  fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Kim Minji' } });
  fireEvent.change(screen.getByTestId('np-birth'), { target: { value: '1990-05-10' } });
  fireEvent.click(screen.getByTestId('np-gender-female'));
  choose('drop-ceph', png());
}

describe('new patient: Save is disabled until everything required is there', () => {
  it('needs name, birth date, gender and a cephalogram, in any order', async () => {
    renderApp('/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'New patient' })).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Kim Minji' } });
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.change(screen.getByTestId('np-birth'), { target: { value: '1990-05-10' } });
    await waitFor(() => expect(save().disabled).toBe(true));
    choose('drop-ceph', png());
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.click(screen.getByTestId('np-gender-male'));
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('a name error (empty, or over 30 characters) disables Save and is shown', async () => {
    renderApp('/create');
    await fillAll();
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'x'.repeat(31) } });
    expect(await screen.findByText('The name can be at most 30 characters.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '   ' } });
    expect(await screen.findByText('Input the patient name.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'x'.repeat(30) } });
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('a birth date outside 1900-01-01..today keeps Save disabled', async () => {
    renderApp('/create');
    await fillAll();
    fireEvent.change(screen.getByTestId('np-birth'), { target: { value: '1899-12-31' } });
    await waitFor(() => expect(save().disabled).toBe(true));
  });

  it('refuses a file that is not jpg/png with a visible message; clearing the cephalogram disables Save', async () => {
    renderApp('/create');
    await fillAll();
    await waitFor(() => expect(save().disabled).toBe(false));
    choose('drop-face', new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('drop-face-error')).textContent).toBe('Only JPG or PNG image files can be used.');
    expect(screen.getByTestId('drop-ceph-name').textContent).toBe('ceph.png');
    expect(screen.getByTestId('drop-face-name').textContent).toBe('No file chosen');
    fireEvent.click(screen.getByTestId('drop-ceph-clear'));
    await waitFor(() => expect(save().disabled).toBe(true));
    choose('drop-ceph', new File(['GIF89a'], 'ceph.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('drop-ceph-error')).textContent).toBe('Only JPG or PNG image files can be used.');
    expect(save().disabled).toBe(true);
  });

  it('Back returns to the list', async () => {
    const { router } = renderApp('/create');
    fireEvent.click(await screen.findByTestId('back-to-list'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/0'));
  });
});

describe('new patient: running the upload', () => {
  it('creates through the pipeline, shows a success toast and goes to /list/0', async () => {
    runUpload.mockImplementation(
      async (_target: Upload.UploadTarget, _images: Upload.UploadImages, onProgress: (p: Upload.UploadProgress) => void) => {
        onProgress({ step: 'upload', percent: 40, uploadPercent: 50, thumbnailsSaved: 0, thumbnailsExpected: 2 });
        return { chartUuid: 'u1', chartId: 'c1', patientId: 1 };
      },
    );
    const { router } = renderApp('/create');
    await fillAll();
    const face = png('face.png');
    choose('drop-face', face);
    fireEvent.change(screen.getByTestId('np-shoot-date'), { target: { value: '2024-03-04' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/0'));
    const [target, images] = runUpload.mock.calls[0] as [Upload.UploadTarget, Upload.UploadImages];
    expect(target).toEqual({ mode: 'create', patient: { first_name: 'Kim Minji', birth_info: '1990-05-10', gender: true } });
    expect(images.ceph.name).toBe('ceph.png');
    expect(images.face).toBe(face);
    expect(images.shootDate).toBe('2024-03-04');
    expect(toastTitles()).toContain('The new patient was registered.');
  });

  it('blocks the form with the progress panel while it runs', async () => {
    let finish: (r: Upload.UploadResult) => void = () => undefined;
    runUpload.mockImplementation((_t: unknown, _i: unknown, onProgress: (p: Upload.UploadProgress) => void) => {
      onProgress({ step: 'thumbnail', percent: 60, uploadPercent: 100, thumbnailsSaved: 1, thumbnailsExpected: 1 });
      return new Promise((resolve) => (finish = resolve));
    });
    renderApp('/create');
    await fillAll();
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByTestId('upload-progress')).toBeTruthy();
    expect(save().disabled).toBe(true);
    finish({ chartUuid: 'u1', chartId: 'c1', patientId: 1 });
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull());
  });

  it('on failure hides the progress and shows "X-ray not recognized" with the check-X-ray text', async () => {
    runUpload.mockRejectedValue(new UploadFailedError('not-recognized', 'no', { code: 'XRAY_NOT_RECOGNIZED' }));
    const { router } = renderApp('/create');
    await fillAll();
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    const popup = await screen.findByTestId('confirm-popup');
    expect(within(popup).getByRole('heading').textContent).toBe('X-ray not recognized');
    expect(popup.textContent).toContain('Please check the X-ray image');
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    expect(router.state.location.pathname).toBe('/create');
  });

  it('an overloaded AI queue (429 AI_BUSY) says to try again in the seconds the server gave', async () => {
    const { ApiError } = await import('../../src/lib/api/api-error.ts');
    const { toUploadFailure } = await vi.importActual<typeof import('../../src/features/patients/upload/failure.ts')>(
      '../../src/features/patients/upload/failure.ts',
    );
    const failure = toUploadFailure(new ApiError('AI_BUSY', 'busy', 429, false, { retryAfterS: 12 }), new AbortController().signal);
    expect({ reason: failure.reason, retryAfterS: failure.retryAfterS }).toEqual({ reason: 'busy', retryAfterS: 12 });
    runUpload.mockRejectedValue(failure);
    const { router } = renderApp('/create');
    await fillAll();
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    const popup = await screen.findByTestId('confirm-popup');
    expect(within(popup).getByRole('heading').textContent).toBe('AI detection is busy');
    expect(popup.textContent).toContain('Please try again in 12 seconds.');
    expect(popup.textContent).not.toContain('X-ray not recognized');
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    expect(router.state.location.pathname).toBe('/create');
  });

  it('a time-out is told the same way', async () => {
    runUpload.mockRejectedValue(new UploadFailedError('timeout', 'late'));
    renderApp('/create');
    await fillAll();
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect((await screen.findByTestId('confirm-popup')).textContent).toContain('X-ray not recognized');
  });
});
