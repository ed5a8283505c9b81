import { authMessageKeyOf } from './auth-message.ts';

/**
 * For small async steps (send a code, check an email) that report failure as a message key:
 * rethrows any failure as an Error whose message is the key to show ('' when the interceptor has
 * already told the user).
 */
export async function withMessageKey<T>(work: () => Promise<T>, fallback = 'auth.error.wrongApproach'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const key = authMessageKeyOf(error);
    const alreadyShown = error instanceof Error && 'handled' in error && error.handled === true;
    throw new Error(key ?? (alreadyShown ? '' : fallback));
  }
}
