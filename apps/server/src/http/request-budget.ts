import {
  CONSULTATION_ENDPOINTS,
  DICOM_OUT_ENDPOINTS,
  EXPORT_ENDPOINTS,
  FILE_ENDPOINTS,
  MEMBERSHIP_ENDPOINTS,
  PACS_ENDPOINTS,
  PLANNING_ENDPOINTS,
  REPORT_ENDPOINTS,
} from '@ceppro/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { AppError } from '../errors/app-error';
import { RequestTurns } from './request-turns';
import type { BudgetSlot, RequestWeight, UserBudget } from './user-budget';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-user request budget (registerUserBudget); absent in apps built without it. */
    userBudget?: UserBudget;
    /** Admitted requests' turns to start (request-turns.ts). */
    requestTurns?: RequestTurns;
  }
}

const route = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

/**
 * Routes that cost far more than a list. `render`: the answer is made on this process's event loop
 * (PDFs, the XLSX export, planning): a heavy slot and a turn among all users' (user-budget.ts).
 * `heavy`: a heavy slot only, the work runs elsewhere (the upload check decodes in libvips' threads,
 * DICOM in a worker). The batch export is not here: it streams for as long as it takes, one per user
 * (export.service.ts), and would hold a turn others wait for.
 */
export const HEAVY_ROUTES: ReadonlyMap<string, RequestWeight> = new Map([
  [route(REPORT_ENDPOINTS.pdf), 'render'],
  // The consultation's one-page PDF (features/reports/consultation-*.ts) is a report PDF.
  [route(CONSULTATION_ENDPOINTS.pdf), 'render'],
  // DICOM out makes the report's PDF or film, as the PDF does; store back makes both, then waits for the PACS
  // (up to its timeoutMs): a heavy slot without holding a render turn others wait for.
  [route(DICOM_OUT_ENDPOINTS.report), 'render'],
  [route(DICOM_OUT_ENDPOINTS.tracing), 'render'],
  [route(DICOM_OUT_ENDPOINTS.storeBack), 'heavy'],
  [route(EXPORT_ENDPOINTS.chart), 'render'],
  [route(PLANNING_ENDPOINTS.autoAlign), 'render'],
  [route(PLANNING_ENDPOINTS.superimposition), 'render'],
  [route(MEMBERSHIP_ENDPOINTS.invoicePdf), 'render'],
  [route(FILE_ENDPOINTS.chartDataRequest), 'heavy'],
  // A PACS answers in its own time (up to its timeoutMs) and a retrieve buffers up to 30 MB.
  [route(PACS_ENDPOINTS.studies), 'heavy'],
  [route(PACS_ENDPOINTS.series), 'heavy'],
  [route(PACS_ENDPOINTS.retrieve), 'heavy'],
]);

/**
 * A request's hold on the budget lasts until its answer is done or its connection closed, and until
 * its handler has settled: work a client walked away from still counts while it runs, so aborting
 * requests cannot start more work than the budget allows. A request refused before its handler ran
 * (its body, its validation) gives the slot back when its answer closes.
 */
class Ticket {
  private closed = false;
  private working = 0;

  constructor(private readonly slot: BudgetSlot) {}

  enter(): void {
    this.working += 1;
  }

  readonly leave = (): void => {
    this.working -= 1;
    if (this.closed && this.working === 0) this.slot.release();
  };

  readonly close = (): void => {
    this.closed = true;
    if (this.working === 0) this.slot.release();
  };
}

const tickets = new WeakMap<FastifyRequest, Ticket>();

/**
 * Installs the budget for every route registered after this call: the bearer checks
 * (require-user.ts `admitBearer`) take a slot for the caller, and each route's handler is wrapped so
 * the slot is held while the handler runs. Call before any feature registers routes.
 */
export function registerUserBudget(app: FastifyInstance, budget: UserBudget, turns: RequestTurns = new RequestTurns()): void {
  app.decorate('userBudget', budget);
  app.decorate('requestTurns', turns);
  app.addHook('onRoute', (options) => {
    options.handler = budgeted(options.handler);
  });
}

/** The handler as it was (same value, same `this`), with the request's ticket held while it runs. */
function budgeted(handler: RouteHandlerMethod): RouteHandlerMethod {
  return function (this: FastifyInstance, request, reply) {
    const ticket = tickets.get(request);
    if (!ticket) return handler.call(this, request, reply);
    ticket.enter();
    let result: unknown;
    try {
      result = handler.call(this, request, reply);
    } catch (error) {
      ticket.leave();
      throw error;
    }
    if (isThenable(result)) result.then(ticket.leave, ticket.leave);
    else ticket.leave();
    return result;
  } as RouteHandlerMethod;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** How much of the budget this request takes: as HEAVY_ROUTES says, else normal. */
export function weightOf(request: FastifyRequest): RequestWeight {
  return HEAVY_ROUTES.get(`${request.method} ${request.routeOptions.url ?? ''}`) ?? 'normal';
}

/**
 * Takes a slot of `userId`'s budget for this request, held until the answer is done (Ticket), then
 * waits for the user's turn (request-turns.ts); a `render` request then also waits for its turn among
 * all users' `render` requests. Over the budget it is refused with RATE_LIMITED, at its turn too: a flood's
 * hundreds of refusals take turns with other users' requests instead of holding the event loop in
 * one go. A no-op without a budget.
 */
export async function admitRequest(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const budget = request.server.userBudget;
  if (!budget || tickets.has(request)) return;
  let slot: BudgetSlot | undefined;
  let refusal: unknown;
  try {
    slot = budget.take(userId, weightOf(request));
  } catch (error) {
    refusal = error;
  }
  if (slot) {
    const ticket = new Ticket(slot);
    tickets.set(request, ticket);
    // 'close' comes once the answer is sent, and also when the client goes away first.
    if (reply.raw.closed) ticket.close();
    else reply.raw.once('close', ticket.close);
  }
  await request.server.requestTurns?.wait(userId);
  if (!slot) throw refusal;
  // A client that left while its request waited: nothing to answer, no work to start.
  if (reply.raw.closed) throw new AppError('BAD_REQUEST', 'The client closed the connection before the request started.');
  await slot.ready;
}
