import { ACCESS_OPERATIONS, ACTOR_ROLES, roleMay, type AccessOperation } from '@ceppro/contract';
import { AppError } from '../errors/app-error';
import { asActor, type Actor, type ActorRef } from './actor';

/** True when the actor's role may perform `operation` (the one table: packages/contract `ACCESS_POLICY`). */
export function can(actor: Actor, operation: AccessOperation): boolean {
  return roleMay(actor.role, operation);
}

/** Throws 403 ROLE_FORBIDDEN unless the actor's role may perform `operation`. */
export function assertCan(actor: Actor, operation: AccessOperation): void {
  if (!can(actor, operation)) throw new AppError('ROLE_FORBIDDEN');
}

/**
 * The actor of `ref` once its role may perform `operation` (403 ROLE_FORBIDDEN otherwise): how a
 * service method starts. A bare user id is that user's personal space (tests, command-line tools).
 */
export function actorFor(ref: ActorRef, operation: AccessOperation): Actor {
  const actor = asActor(ref);
  assertCan(actor, operation);
  return actor;
}

/** The permission table as Markdown, one row per operation and a column per role: docs/clinics.md holds this text. */
export function accessPolicyMarkdown(): string {
  const header = `| operation | ${ACTOR_ROLES.join(' | ')} |`;
  const rule = `|---|${ACTOR_ROLES.map(() => ':-:').join('|')}|`;
  const rows = ACCESS_OPERATIONS.map((op) => `| \`${op}\` | ${ACTOR_ROLES.map((role) => (roleMay(role, op) ? 'yes' : '-')).join(' | ')} |`);
  return [header, rule, ...rows].join('\n');
}
