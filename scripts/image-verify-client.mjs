// The HTTP side of `npm run image:verify` (scripts/image-verify.mjs): a person's first minutes with
// the product, against the `api` container: the public sign-up (SMS code and activation mail read
// from the outbox the containers write to the mounted DATA_DIR), a new patient with a film uploaded
// to S3 through its presigned URL (thumbnail by the worker container, announced on the socket), AI
// landmarks (run by the ai container) and the report PDF. Plain JavaScript, outside any test
// runner: every unexpected answer throws with the reply in the message.
import WebSocket from 'ws';
import { encodePassword, findInOutbox, signUpFields } from './lib/public-sign-up.mjs';

const PASSWORD = 'Abcdef1!';
/** packages/contract ws-events.ts THUMBNAIL_SAVED_TEXT: the line the web app waits for. */
const THUMBNAIL_SAVED_TEXT = 'DB thumbnail Saved';

/** Polls `probe` until it returns a value (not undefined/null/false) or `timeoutMs` passes. */
export async function waitUntil(what, probe, timeoutMs = 30_000, intervalMs = 100) {
  const until = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last.message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export class ImageClient {
  token = '';

  constructor(baseUrl, outbox) {
    this.baseUrl = baseUrl;
    this.outbox = outbox;
    const serial = String(Date.now() % 100_000_000).padStart(8, '0');
    this.email = `image-verify-${serial}@clinic.test`;
    this.mobile = `010${serial}`;
  }

  async send(url, init) {
    const res = await fetch(`${this.baseUrl}${url}`, init);
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = { raw: text.slice(0, 300) };
    }
    return { status: res.status, body };
  }

  async must(url, init) {
    const reply = await this.send(url, init);
    if (reply.status !== 200 || reply.body.success !== true) throw new Error(`${url}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.data ?? {};
  }

  form(url, fields) {
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    return this.must(url, { method: 'POST', headers, body: new URLSearchParams(fields) });
  }

  json(url, body) {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${this.token}` };
    return this.must(url, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  async gql(query, variables = {}) {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${this.token}` };
    const reply = await this.send('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    if (reply.status !== 200 || reply.body.errors) throw new Error(`graphql: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  }

  /** The whole public sign-up (e-mail check, tax number, SMS code, form, activation link), then sign-in. */
  async signUpAndSignIn() {
    const emailCheck = await this.form('/public/check-email-exist', { email: this.email });
    const tax = await this.form('/public/check-taxvalidation', { taxNumber: '124-81-00998' });
    await this.form('/public/send-otp-sms', { mobileNumber: this.mobile });
    const code = await this.fromOutbox('.sms.txt', new RegExp(`^To: ${this.mobile}$`, 'm'), /\b(\d{6})\b/);
    const verified = await this.form('/public/auth-sms', { mobileNumber: this.mobile, code });
    await this.form(
      '/public/sign-up',
      signUpFields({
        email: this.email,
        emailCheckToken: String(emailCheck.email_check_token),
        name: 'ImageVerify',
        password: PASSWORD,
        mobile: this.mobile,
        mobileToken: String(verified.mobile_token),
        companyName: 'Podman Dental',
        taxNumber: '124-81-00998',
        taxCheckToken: String(tax.tax_check_token),
      }),
    );
    const to = new RegExp(`^To:.*${this.email.replace(/[.+]/g, '\\$&')}`, 'im');
    const link = new URL(await this.fromOutbox('.eml', to, /(https?:\/\/\S+?\?token=[A-Za-z0-9._~%-]+)/));
    const page = await (await fetch(`${this.baseUrl}${link.pathname}${link.search}`, { headers: { accept: 'text/html' } })).text();
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!token || !action) throw new Error(`the activation page has no form: ${page.slice(0, 300)}`);
    await this.form(action, { token: token.replace(/&amp;/g, '&') });
    const login = await this.form('/public/login', { email: this.email, password: encodePassword(PASSWORD) });
    this.token = String(login.token);
    if (!this.token) throw new Error('sign-in answered no token');
  }

  /**
   * The web app's new-patient sequence up to the thumbnail: draft patient and chart, presigned PUT
   * straight to the bucket, the integrity check, then the worker's thumbnail line on the socket.
   */
  async newPatientWithFilm(film, name) {
    const patient = await this.gql('mutation($i: CreatePatientInput!) { create_patient(input: $i, draft: true) { id } }', {
      i: { first_name: name, birth_info: '1990-05-06', gender: true },
    });
    const { create_chart: chart } = await this.gql(
      'mutation($p: Int!) { create_chart(patient_id: $p, draft: true) { id chart_id uuid } }',
      { p: patient.create_patient.id },
    );
    const socket = await this.socket();
    try {
      const upload = await this.json('/minio/upload', {
        chart_id: chart.chart_id,
        image_type_cd: '00700',
        content_type: 'image/jpeg',
        size: film.length,
      });
      const put = await fetch(String(upload.presignedUrl), {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(film),
      });
      if (put.status !== 200) throw new Error(`PUT to the presigned URL ${upload.presignedUrl}: ${put.status} ${await put.text()}`);
      await this.json('/minio/chart_data_request', { upload_id: upload.upload_id });
      await waitUntil('the thumbnail line on the socket', () => socket.frames.includes(THUMBNAIL_SAVED_TEXT), 60_000, 50);
      return { ...chart, uploadKey: new URL(String(upload.presignedUrl)).pathname };
    } finally {
      socket.close();
    }
  }

  /** POST /ai/ceppro/ceph-landmark: waits for the detection job an ai process runs. */
  async detect(chartId) {
    return this.json('/ai/ceppro/ceph-landmark', { chart_id: chartId });
  }

  async reportPdf(chartId) {
    const res = await fetch(`${this.baseUrl}/api/report/pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ chart_id: chartId }),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`report PDF: ${res.status} ${bytes.toString('utf8', 0, 300)}`);
    if (bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`report PDF: not a PDF (${res.headers.get('content-type')})`);
    return bytes;
  }

  /** An authenticated /ws socket recording every frame. */
  async socket() {
    const ws = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/ws`);
    const frames = [];
    ws.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'jwt', token: this.token }));
    await waitUntil('the socket to authenticate', () => frames.some((f) => f.includes('"authenticated"')), 15_000, 20);
    return { frames, close: () => ws.close() };
  }

  /** The newest outbox file of this kind addressed by `to`, and the first group of `pick` in its body. */
  fromOutbox(extension, to, pick) {
    return waitUntil(
      `a ${extension} for ${this.email} in ${this.outbox}`,
      () => findInOutbox(this.outbox, extension, to, pick),
      20_000,
      100,
    );
  }
}
