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

/**
 * How much of the budget this request takes: as its declaration's `limit` says (packages/contract
 * `EndpointLimit`: `render` makes its answer on this process's event loop, `heavy` elsewhere), else
 * normal. The batch export is not limited: it streams for as long as it takes, one per user
 * (export.service.ts), and would hold a turn others wait for.
 */
export function weightOf(request: FastifyRequest): RequestWeight {
  return request.routeOptions.config.endpoint?.limit ?? 'normal';
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
