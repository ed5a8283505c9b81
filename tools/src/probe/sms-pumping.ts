import { readdir } from 'node:fs/promises';
import type { ProbeClient, ProbeResponse, ProbeTally } from './probe-client';

export interface SmsPumpingOptions {
  /** DATA_DIR/outbox of the server under probe: where its SMS land (`*.sms.txt`). */
  outboxDir: string;
  /** The server's SMS_DAILY_LIMIT (default 500): no more SMS than this may go out in a UTC day. */
  dailyLimit?: number;
  /** The server's AUTH_RATE_LIMIT_SCALE (default 1): it multiplies the per-number caps, not the daily limit. */
  rateLimitScale?: number;
  /** Whether the server takes X-Forwarded-For as the client address (TRUST_PROXY): then each request claims another one. */
  trustsForwardedFor?: boolean;
  /** Distinct numbers asked for a code (default: the daily limit + 100, so the daily cap must bite). */
  numbers?: number;
}

/** Per number: 5 sends per 10 minutes and 10 SMS per UTC day (features/auth/rate-limit.ts), times the scale. */
const PER_NUMBER_WINDOW = 5;
const PER_NUMBER_DAY = 10;
/** Requests in flight at once. */
const PARALLEL = 8;

/** A Korean mobile number no seeded account uses: 010-99xx-xxxx. */
const numberOf = (i: number) => `01099${String(i).padStart(6, '0')}`;
/** A documentation address (TEST-NET-2/3): only ever written into a header, never connected to. */
const claimedAddressOf = (i: number) => `${i % 2 ? '198.51.100' : '203.0.113'}.${(i % 250) + 1}`;

function outcomeOf(res: ProbeResponse): string {
  const body = res.json as { success?: boolean; code?: string } | undefined;
  return body?.success === true ? 'sent' : (body?.code ?? String(res.status));
}

async function smsFiles(dir: string): Promise<number> {
  return (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.sms.txt')).length;
}

/**
 * SMS pumping against POST /public/send-otp-sms (sign-up verification codes, no account needed):
 * first one number asked 12 times, then `numbers` distinct numbers, PARALLEL at a time, each request
 * claiming another address in X-Forwarded-For (ignored unless the server trusts it; the daily cap
 * must hold either way). Counts what the server accepted and refused, by code, and the SMS that
 * reached the outbox. Findings (added to `tally`, counted with the server errors so the probe
 * fails): more SMS than `dailyLimit`, one number getting more than its caps allow, or an outbox
 * count that differs from the accepted answers. Spends the server's whole SMS budget for the day:
 * run it last. About 5-15 s for 600 numbers on PGlite.
 * Notes: `sms_sent=<n> sms_refused=<n>`, the refusals by code, the one-number figures, the outbox count,
 * whether the daily cap was reached (with AUTH_RATE_LIMIT_SCALE=1 and one address the per-address
 * limit, 10 per 10 minutes, refuses first and the daily cap is not reached).
 */
export async function smsPumping(
  anonymous: ProbeClient,
  tally: ProbeTally,
  options: SmsPumpingOptions,
): Promise<{ sent: number; notes: string[] }> {
  const dailyLimit = options.dailyLimit ?? 500;
  const scale = options.rateLimitScale ?? 1;
  const trusted = options.trustsForwardedFor ?? false;
  const count = options.numbers ?? dailyLimit + 100;
  const finding = (what: string) => {
    tally.serverErrors += 1;
    tally.findings.push(`SMS ${what}`);
  };
  const outboxBefore = await smsFiles(options.outboxDir);
  // The service's cap is per UTC day: a run across midnight may rightly send a second day's SMS.
  const utcDay = () => new Date().toISOString().slice(0, 10);
  const dayAtStart = utcDay();
  const codes = new Map<string, number>();
  let sent = 0;
  let request = 0;
  const ask = async (mobileNumber: string): Promise<string> => {
    const i = request++;
    const res = await anonymous.post(
      `send-otp-sms ${i}`,
      '/public/send-otp-sms',
      { mobileNumber },
      { 'x-forwarded-for': claimedAddressOf(i) },
    );
    sent += 1;
    const outcome = outcomeOf(res);
    codes.set(outcome, (codes.get(outcome) ?? 0) + 1);
    return outcome;
  };

  // One number, asked 12 times in a row: 5 per 10 minutes (x scale) must hold.
  const oneNumber = numberOf(0);
  let oneSent = 0;
  for (let i = 0; i < 12; i += 1) if ((await ask(oneNumber)) === 'sent') oneSent += 1;
  const oneCap = Math.min(PER_NUMBER_WINDOW, PER_NUMBER_DAY) * scale;
  if (oneSent > oneCap) finding(`one number got ${oneSent} codes in a row; its cap is ${oneCap}`);

  // Many numbers: the service's daily cap must hold whatever the numbers and claimed addresses.
  let next = 1;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next <= count) await ask(numberOf(next++));
    }),
  );
  const accepted = codes.get('sent') ?? 0;
  const refused = sent - accepted;
  const acrossMidnight = utcDay() !== dayAtStart;
  if (accepted > dailyLimit * (acrossMidnight ? 2 : 1)) {
    finding(`${accepted} SMS accepted in ${acrossMidnight ? 'two days' : 'one day'}; SMS_DAILY_LIMIT is ${dailyLimit}`);
  }
  const outbox = (await smsFiles(options.outboxDir)) - outboxBefore;
  if (outbox !== accepted) finding(`${outbox} SMS in the outbox for ${accepted} accepted requests`);
  const byCode = [...codes].filter(([code]) => code !== 'sent').map(([code, n]) => `${code}:${n}`);
  return {
    sent,
    notes: [
      `sms_sent=${accepted} sms_refused=${refused}`,
      `sms_refused_by=${byCode.join(',') || 'none'}`,
      `sms_one_number=${oneSent}/12 (cap ${oneCap})`,
      `sms_outbox=${outbox}`,
      // Not reached: another limit (per address, say) refused first, so the daily cap was not put to the test.
      `sms_daily_cap=${codes.has('SMS_LIMIT') ? 'reached' : 'not_reached'}${acrossMidnight ? ' sms_across_utc_midnight=true' : ''}`,
      `sms_numbers=${count} xff=${trusted ? 'trusted' : 'ignored'}`,
    ],
  };
}
