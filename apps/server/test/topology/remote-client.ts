import { encodeClientMessage, THUMBNAIL_SAVED_TEXT } from '@ceppro/contract';
import { expect, vi } from 'vitest';
import WebSocket from 'ws';
import { encodePassword, findInOutbox, signUpFields } from '../../../../scripts/lib/public-sign-up.mjs';

const PASSWORD = 'Abcdef1!';

export interface Envelope {
  success?: boolean;
  code?: string;
  message?: string;
  data?: Record<string, unknown>;
}

/** An authenticated /ws socket of a RemoteUser, recording every frame. */
export interface RemoteSocket {
  frames: string[];
  waitFor(match: (frame: string) => boolean, what: string): Promise<string>;
  close(): void;
}

/** A user of the scale-out test, talking HTTP to the proxy; mails and SMS are read from the shared outbox. */
export class RemoteUser {
  token = '';
  readonly email: string;
  readonly mobile: string;
  readonly ip: string;

  constructor(
    readonly baseUrl: string,
    private readonly outbox: string,
    serial: number,
  ) {
    this.email = `topo${serial}@clinic.test`;
    this.mobile = `0109${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`;
    this.ip = `10.99.${serial}.1`;
  }

  async form(url: string, fields: Record<string, string>): Promise<Envelope> {
    const res = await fetch(`${this.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': this.ip, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    return (await res.json()) as Envelope;
  }

  async json(url: string, body: unknown): Promise<{ status: number; body: Envelope }> {
    const res = await fetch(`${this.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': this.ip, 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Envelope };
  }

  async ok(url: string, body: unknown): Promise<Record<string, unknown>> {
    const reply = await this.json(url, body);
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.data ?? {};
  }

  async gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const reply = (await this.json('/graphql', { query, variables })).body as Envelope & { errors?: unknown[] };
    expect(reply.errors, JSON.stringify(reply.errors)).toBeUndefined();
    return reply.data as T;
  }

  /** The whole public sign-up: e-mail check, tax number, SMS code, form, activation link; then sign-in. */
  async signUpAndSignIn(): Promise<void> {
    const must = (reply: Envelope) => {
      expect(reply.success, JSON.stringify(reply)).toBe(true);
      return reply.data ?? {};
    };
    const emailCheck = must(await this.form('/public/check-email-exist', { email: this.email }));
    const tax = must(await this.form('/public/check-taxvalidation', { taxNumber: '124-81-00998' }));
    must(await this.form('/public/send-otp-sms', { mobileNumber: this.mobile }));
    const code = await this.fromOutbox('.sms.txt', new RegExp(`^To: ${this.mobile}$`, 'm'), /\b(\d{6})\b/);
    const verified = must(await this.form('/public/auth-sms', { mobileNumber: this.mobile, code }));
    must(
      await this.form(
        '/public/sign-up',
        signUpFields({
          email: this.email,
          emailCheckToken: String(emailCheck['email_check_token']),
          name: 'TopoDoc',
          password: PASSWORD,
          mobile: this.mobile,
          mobileToken: String(verified['mobile_token']),
          companyName: 'Scale Dental',
          taxNumber: '124-81-00998',
          taxCheckToken: String(tax['tax_check_token']),
        }),
      ),
    );
    const to = new RegExp(`^To:.*${this.email.replace(/[.+]/g, '\\$&')}`, 'im');
    const link = await this.fromOutbox('.eml', to, /(https?:\/\/\S+?\?token=[A-Za-z0-9._~%-]+)/);
    const target = new URL(link);
    const headers = { accept: 'text/html', 'x-forwarded-for': this.ip };
    const page = await (await fetch(`${this.baseUrl}${target.pathname}${target.search}`, { headers })).text();
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const action = /action="([^"]+)"/.exec(page)?.[1] ?? '';
    must(await this.form(action, { token: token.replace(/&amp;/g, '&') }));
    await this.signIn();
  }

  /** Sign-in of the account signUpAndSignIn made (on this server, or one restored from its backup). */
  async signIn(): Promise<void> {
    const login = await this.form('/public/login', { email: this.email, password: encodePassword(PASSWORD) });
    expect(login.success, JSON.stringify(login)).toBe(true);
    this.token = String(login.data?.['token']);
  }

  /**
   * The web app's new-patient sequence up to the thumbnail: draft patient and chart, the film PUT to
   * its presigned URL (S3 or the fs driver's /files), the integrity check, then the worker's
   * thumbnail line on `socket` (taken from any api process).
   */
  async newPatientWithFilm(socket: RemoteSocket, film: Buffer, name: string): Promise<{ id: number; chart_id: string; uuid: string }> {
    const patient = await this.gql<{ create_patient: { id: number } }>(
      'mutation($i: CreatePatientInput!) { create_patient(input: $i, draft: true) { id } }',
      { i: { first_name: name, birth_info: '1990-05-06', gender: true } },
    );
    const chart = await this.gql<{ create_chart: { id: number; chart_id: string; uuid: string } }>(
      'mutation($p: Int!) { create_chart(patient_id: $p, draft: true) { id chart_id uuid } }',
      { p: patient.create_patient.id },
    );
    const upload = await this.ok('/minio/upload', {
      chart_id: chart.create_chart.chart_id,
      image_type_cd: '00700',
      content_type: 'image/jpeg',
      size: film.length,
    });
    const put = await fetch(String(upload['presignedUrl']), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(film),
    });
    expect(put.status).toBe(200);
    const thumbnails = socket.frames.filter((f) => f === THUMBNAIL_SAVED_TEXT).length;
    await this.ok('/minio/chart_data_request', { upload_id: upload['upload_id'] });
    await socket.waitFor(() => socket.frames.filter((f) => f === THUMBNAIL_SAVED_TEXT).length > thumbnails, 'thumbnail line');
    return chart.create_chart;
  }

  /** A socket through the proxy, authenticated; records every frame. */
  async socket(): Promise<RemoteSocket> {
    const ws = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/ws`, { headers: { 'x-forwarded-for': this.ip } });
    const frames: string[] = [];
    ws.on('message', (data: WebSocket.RawData) => frames.push(data.toString()));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(encodeClientMessage({ type: 'jwt', token: this.token }));
    const waitFor = (match: (frame: string) => boolean, what: string) =>
      vi.waitFor(
        () => {
          const found = frames.find(match);
          if (found === undefined) throw new Error(`no ${what} on the socket yet: ${JSON.stringify(frames)}`);
          return found;
        },
        { timeout: 30_000, interval: 20 },
      );
    await waitFor((f) => f.includes('"authenticated"'), 'authentication');
    return { frames, waitFor, close: () => ws.close() };
  }

  /** The newest outbox file of this kind whose text matches `to`, and the first group of `pick` in it. */
  private fromOutbox(extension: string, to: RegExp, pick: RegExp): Promise<string> {
    return vi.waitFor(
      async () => {
        const value = await findInOutbox(this.outbox, extension, to, pick);
        if (value === undefined) throw new Error(`no ${extension} for this user in ${this.outbox}`);
        return value;
      },
      { timeout: 15_000, interval: 50 },
    );
  }
}
