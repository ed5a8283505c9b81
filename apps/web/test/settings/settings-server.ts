import { DEFAULT_DEFINITION_PROFILE } from '@ceppro/ceph';
import type { AiAdaptation } from '@ceppro/contract';
import { useToastStore } from '../../src/stores/toast-store.ts';
import { clearCookies, fakeServer, signIn, type FakeServer } from '../patients/fake-server.ts';

/** The AI adaptation profile of an account that has corrected nothing yet: the model's own definitions. */
export const NOTHING_LEARNED: AiAdaptation = {
  enabled: true,
  definitions: DEFAULT_DEFINITION_PROFILE,
  films: 0,
  updated_at: null,
  sn_mm: { value: 71, source: 'nominal' },
  landmarks: [],
};

/**
 * The Settings page's tests start signed in, with no cookies, session or toasts left from the test
 * before, and a fake server that knows no other users; each test adds its settings and adaptation.
 */
export function startSettingsServer(): FakeServer {
  clearCookies();
  window.sessionStorage.clear();
  useToastStore.getState().clearAll();
  signIn();
  const server = fakeServer();
  server.on('Users', { users: [] });
  return server;
}
