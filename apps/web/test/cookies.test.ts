import { describe, expect, it } from 'vitest';
import { cookieAttributes } from '../src/lib/cookies.ts';

describe('cookie attributes', () => {
  it('are SameSite=Lax on path / and Secure only over HTTPS', () => {
    expect(cookieAttributes('http:')).toBe('path=/; SameSite=Lax');
    expect(cookieAttributes('https:')).toBe('path=/; SameSite=Lax; Secure');
  });
});
