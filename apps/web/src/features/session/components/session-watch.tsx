import { useReducer } from 'react';
import { passwordChangeDue } from '../../../stores/session.ts';
import { useIdleLock } from '../hooks/use-idle-lock.ts';
import { useLoginCheck } from '../hooks/use-login-check.ts';
import { LockScreen } from './lock-screen.tsx';
import { PasswordChangePrompt } from './password-change-prompt.tsx';

/** What a signed-in session runs in the background: login check, lock screen, password age prompt. */
export function SessionWatch({ signedIn }: { signedIn: boolean }) {
  useLoginCheck(signedIn);
  const { locked, unlock } = useIdleLock(signedIn);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (!signedIn) return null;
  if (locked) return <LockScreen onUnlock={unlock} />;
  // Read on every render: the sign-in form sets it just before navigating here.
  const due = passwordChangeDue();
  if (due !== null) return <PasswordChangePrompt reason={due} onClose={rerender} />;
  return null;
}
