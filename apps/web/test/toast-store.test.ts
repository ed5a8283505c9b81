import { beforeEach, describe, expect, it } from 'vitest';
import { addToast, isDuplicateWarning, TOAST_STORAGE_KEY, useToastStore, type Toast } from '../src/stores/toast-store.ts';

const warning = { kind: 'warning', title: 'Check input', text: 'Name is required.' } as const;

describe('toast rules (pure)', () => {
  const existing: Toast[] = [{ id: '1', ...warning }];

  it('does not add an identical warning', () => {
    expect(addToast(existing, { id: '2', ...warning })).toEqual(existing);
    expect(isDuplicateWarning(existing, warning)).toBe(true);
  });

  it('adds a warning whose text differs', () => {
    expect(addToast(existing, { id: '2', ...warning, text: 'Other' })).toHaveLength(2);
  });

  it('adds identical success and error toasts (only warnings are de-duplicated)', () => {
    const success: Toast = { id: 's', kind: 'success', title: 'Saved', text: '' };
    expect(addToast([success], { ...success, id: 's2' })).toHaveLength(2);
    const error: Toast = { id: 'e', kind: 'error', title: 'Failed', text: 'x' };
    expect(addToast([error], { ...error, id: 'e2' })).toHaveLength(2);
  });

  it("does not treat an error with a warning's words as a duplicate warning", () => {
    expect(isDuplicateWarning([{ id: 'e', ...warning, kind: 'error' }], warning)).toBe(false);
  });
});

describe('toast store', () => {
  beforeEach(() => {
    useToastStore.getState().clearAll();
    window.sessionStorage.clear();
  });

  it('pushes, dismisses one and clears all', () => {
    const { push } = useToastStore.getState();
    const a = push({ kind: 'success', title: 'A', text: '' });
    push({ kind: 'error', title: 'B', text: '' });
    push({ kind: 'warning', title: 'C', text: '' });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['A', 'B', 'C']);

    useToastStore.getState().dismiss(a ?? '');
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['B', 'C']);

    useToastStore.getState().clearAll();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('returns null and keeps one toast for a repeated warning', () => {
    const { push } = useToastStore.getState();
    expect(push(warning)).not.toBeNull();
    expect(push(warning)).toBeNull();
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });

  it('allows the same warning again after the first was dismissed', () => {
    const { push } = useToastStore.getState();
    const id = push(warning) ?? '';
    useToastStore.getState().dismiss(id);
    expect(push(warning)).not.toBeNull();
  });

  it('persists the stack in sessionStorage', () => {
    useToastStore.getState().push({ kind: 'error', title: 'Saved?', text: 'No' });
    const stored = JSON.parse(window.sessionStorage.getItem(TOAST_STORAGE_KEY) ?? '{}') as {
      state?: { toasts?: Toast[] };
    };
    expect(stored.state?.toasts?.map((t) => [t.kind, t.title, t.text])).toEqual([['error', 'Saved?', 'No']]);
  });

  it('restores the stack from sessionStorage (a reload in the same tab)', async () => {
    const saved: Toast[] = [{ id: 'x1', kind: 'warning', title: 'Kept', text: 'after reload' }];
    window.sessionStorage.setItem(TOAST_STORAGE_KEY, JSON.stringify({ state: { toasts: saved }, version: 0 }));
    await useToastStore.persist.rehydrate();
    expect(useToastStore.getState().toasts).toEqual(saved);
    // and the restored warning still blocks a duplicate
    expect(useToastStore.getState().push({ kind: 'warning', title: 'Kept', text: 'after reload' })).toBeNull();
  });

  it('restores a translation-key toast, and starts empty when sessionStorage holds anything else', async () => {
    const saved: Toast[] = [{ id: 'k1', kind: 'success', title: { key: 'patients.edit.saved' }, text: 'INV-1' }];
    window.sessionStorage.setItem(TOAST_STORAGE_KEY, JSON.stringify({ state: { toasts: saved }, version: 0 }));
    await useToastStore.persist.rehydrate();
    expect(useToastStore.getState().toasts).toEqual(saved);
    const tampered = { state: { toasts: [{ id: 1, kind: 'boom', title: { key: 5 }, text: null }] }, version: 0 };
    window.sessionStorage.setItem(TOAST_STORAGE_KEY, JSON.stringify(tampered));
    await useToastStore.persist.rehydrate();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('treats two warnings with the same key and values as one', () => {
    const { push } = useToastStore.getState();
    const keyed = { kind: 'warning', title: { key: 'viewer.saveConflictTitle' }, text: { key: 'viewer.saveConflict' } } as const;
    expect(push(keyed)).not.toBeNull();
    expect(push(keyed)).toBeNull();
    expect(push({ ...keyed, text: 'other' })).not.toBeNull();
  });
});
