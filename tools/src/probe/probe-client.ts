/**
 * The security probe's HTTP side: every request goes to one loopback base URL, is counted as an
 * attempt, and any 5xx (or a dropped connection) is counted as a server error. Responses are kept as
 * text so the caller can look for another user's data in them.
 */
import { encodePassword } from '@ceppro/contract';

export interface ProbeResponse {
  status: number;
  text: string;
  /** The parsed body when it was JSON, else undefined. */
  json: unknown;
  /** The body as received. */
  bytes: Buffer;
}

export interface ProbeTally {
  attempts: number;
  leaks: number;
  serverErrors: number;
  /** One line per leak or server error, printed at the end. */
  findings: string[];
}

export function newTally(): ProbeTally {
  return { attempts: 0, leaks: 0, serverErrors: 0, findings: [] };
}

export class ProbeClient {
  constructor(
    readonly base: string,
    private readonly tally: ProbeTally,
    readonly token = '',
  ) {
    const host = new URL(base).hostname;
    if (host !== '127.0.0.1') throw new Error(`the probe only talks to 127.0.0.1, not ${host}`);
  }

  withToken(token: string): ProbeClient {
    return new ProbeClient(this.base, this.tally, token);
  }

  /** Signs in (`POST /public/login`, counted) and answers a client that sends the session's token; throws when refused. */
  async signIn(email: string, password: string): Promise<ProbeClient> {
    const res = await this.request(
      `login ${email}`,
      'POST',
      '/public/login',
      new URLSearchParams({ email, password: encodePassword(password) }),
    );
    const token = (res.json as { data?: { token?: string } } | undefined)?.data?.token;
    if (!token) throw new Error(`login ${email}: ${res.status} ${res.text.slice(0, 200)}`);
    return this.withToken(token);
  }

  /** One counted request. `body` as a string is sent as is (JSON content type unless headers say otherwise). */
  async request(
    label: string,
    method: string,
    path: string,
    body?: string | Uint8Array<ArrayBuffer> | URLSearchParams,
    headers: Record<string, string> = {},
  ): Promise<ProbeResponse> {
    this.tally.attempts += 1;
    const h: Record<string, string> = { ...headers };
    if (this.token && !Object.keys(h).some((k) => k.toLowerCase() === 'authorization')) h.authorization = `Bearer ${this.token}`;
    if (typeof body === 'string' && !Object.keys(h).some((k) => k.toLowerCase() === 'content-type')) h['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(new URL(path, this.base), { method, headers: h, body, signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      this.serverError(`${label}: no answer (${(err as Error).message})`);
      return { status: 0, text: '', json: undefined, bytes: Buffer.alloc(0) };
    }
    const bytes = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
    const text = bytes.toString('utf8');
    if (res.status >= 500) this.serverError(`${label}: HTTP ${res.status} ${text.slice(0, 160)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json, bytes };
  }

  post(label: string, path: string, json: unknown, headers: Record<string, string> = {}): Promise<ProbeResponse> {
    return this.request(label, 'POST', path, JSON.stringify(json), headers);
  }

  graphql(label: string, query: string, variables: Record<string, unknown> = {}): Promise<ProbeResponse> {
    return this.post(label, '/graphql', { query, variables });
  }

  /** A REST call that must succeed (setup steps): returns the envelope's data. */
  async must(label: string, path: string, json: unknown): Promise<Record<string, unknown>> {
    const res = await this.post(label, path, json);
    const body = res.json as { success?: boolean; data?: Record<string, unknown> } | undefined;
    if (body?.success !== true) throw new Error(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
    return body.data ?? {};
  }

  /** A GraphQL call that must succeed (setup steps and snapshots). */
  async mustGraphql<T>(label: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await this.graphql(label, query, variables);
    const body = res.json as { data?: T; errors?: Array<{ message: string }> } | undefined;
    if (!body?.data || body.errors?.length) throw new Error(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
    return body.data;
  }

  /**
   * Counts a request sent outside `request` (a flood on connections of its own, probe/load-client.ts):
   * an attempt, and a server error when it got a 5xx or no answer.
   */
  counted(label: string, status: number, text = ''): void {
    this.tally.attempts += 1;
    if (status === 0) this.serverError(`${label}: no answer`);
    else if (status >= 500) this.serverError(`${label}: HTTP ${status} ${text.slice(0, 160)}`);
  }

  leak(what: string): void {
    this.tally.leaks += 1;
    this.tally.findings.push(`LEAK ${what}`);
  }

  private serverError(what: string): void {
    this.tally.serverErrors += 1;
    this.tally.findings.push(`5XX ${what}`);
  }
}

/** True when a GraphQL answer carries data for `field` (a non-null object or a non-empty list / page). */
export function graphHasData(res: ProbeResponse, field: string): boolean {
  const data = (res.json as { data?: Record<string, unknown> | null } | undefined)?.data;
  const value = data?.[field];
  if (value === null || value === undefined || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && 'items' in value) return Array.isArray(value.items) && value.items.length > 0;
  return true;
}

/** True when a REST answer is a success envelope. */
export function restSucceeded(res: ProbeResponse): boolean {
  if (res.status === 200 && res.json === undefined && res.text.length > 0) return true; // e.g. a PDF
  return (res.json as { success?: boolean } | undefined)?.success === true;
}
