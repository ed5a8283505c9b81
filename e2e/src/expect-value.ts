import { expect } from '@playwright/test';

/**
 * `expect(value, message).toBeTruthy()` that also narrows `value` for the code after it (a bounding box,
 * a row found in an API answer), as `if (!value) throw` would: Playwright's matchers do not narrow types.
 */
export function expectTruthy<T>(value: T, message?: string): asserts value {
  expect(value, message).toBeTruthy();
}
