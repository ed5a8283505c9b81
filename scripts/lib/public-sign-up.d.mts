// Types of public-sign-up.mjs, for the TypeScript that imports it (apps/server/test: topology/remote-client.ts, auth/auth-harness.ts).

export function encodePassword(password: string): string;

export interface SignUpPerson {
  email: string;
  emailCheckToken: string;
  name: string;
  /** In clear: encoded here. */
  password: string;
  mobile: string;
  mobileToken: string;
  companyName: string;
  taxNumber: string;
  taxCheckToken: string;
}

export function signUpFields(person: SignUpPerson): Record<string, string>;

export function findInOutbox(outbox: string, extension: string, to: RegExp, pick: RegExp): Promise<string | undefined>;
