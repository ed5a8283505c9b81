import { ACCESS_OPERATIONS, ACTOR_ROLES, type AccessOperation, type ActorRole } from '@ceppro/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessPolicyMarkdown, assertCan, can, clinicActor, personalActor, type Actor } from '../../src/access/index';
import { REPO_ROOT } from '../../src/config/paths';
import { AppError } from '../../src/errors/app-error';

/*
 * The permission table as a matrix: every role x every operation, each cell checked against what the
 * issue says (Step 16 item 2), written here independently of the table (packages/contract ACCESS_POLICY).
 */

/** The operations the issue names; the table may hold more, never fewer. */
const NAMED_IN_ISSUE: AccessOperation[] = [
  'patient.read',
  'patient.create',
  'patient.update',
  'patient.delete',
  'chart.read',
  'chart.create',
  'chart.delete',
  'film.upload',
  'film.read',
  'landmarks.detect',
  'landmarks.edit',
  'analysis.edit',
  'planning.edit',
  'drawing.edit',
  'report.read',
  'report.pdf',
  'export',
  'audit.read_clinic',
  'members.manage',
  'membership.manage',
];

/** Nothing to act on in a personal space. */
const CLINIC_ONLY = new Set<AccessOperation>(['audit.read_clinic', 'members.manage']);
/** Members, roles, billing, the clinic's trail and its AI profile: the owner's. */
const OWNER_ONLY = new Set<AccessOperation>(['audit.read_clinic', 'ai_profile.manage', 'members.manage', 'membership.manage']);
/** Creates patients, uploads films, sees the AI result; changes nothing clinical, exports nothing. */
const ASSISTANT_MAY = new Set<AccessOperation>([
  'patient.read',
  'patient.create',
  'patient.update',
  'chart.read',
  'chart.create',
  'film.upload',
  'film.read',
  'landmarks.detect',
  'analysis.read',
  'report.read',
  'audit.read',
]);

function expected(role: ActorRole, operation: AccessOperation): boolean {
  switch (role) {
    case 'personal':
      return !CLINIC_ONLY.has(operation);
    case 'owner':
      return true;
    case 'doctor':
      return !OWNER_ONLY.has(operation);
    case 'assistant':
      return ASSISTANT_MAY.has(operation);
  }
}

function actorAs(role: ActorRole): Actor {
  return role === 'personal' ? personalActor(7) : clinicActor(7, 3, role);
}

const MATRIX = ACTOR_ROLES.flatMap((role) => ACCESS_OPERATIONS.map((operation) => [role, operation, expected(role, operation)] as const));

describe('access policy: the permission table', () => {
  it('names every operation of the issue', () => {
    for (const operation of NAMED_IN_ISSUE) expect(ACCESS_OPERATIONS).toContain(operation);
  });

  it.each(MATRIX)('%s may %s: %s', (role, operation, allowed) => {
    const actor = actorAs(role);
    expect(can(actor, operation)).toBe(allowed);
    if (allowed) expect(() => assertCan(actor, operation)).not.toThrow();
    else expect(() => assertCan(actor, operation)).toThrow(expect.objectContaining({ code: 'ROLE_FORBIDDEN', status: 403 }));
  });

  it('refuses with the stable AppError the HTTP, GraphQL and socket mappers know', () => {
    const refusal = (() => {
      try {
        assertCan(clinicActor(1, 1, 'assistant'), 'export');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'ROLE_FORBIDDEN', status: 403, message: 'Your role does not allow this.' });
  });

  it('is the table docs/clinics.md shows', () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/clinics.md'), 'utf8');
    const block = /<!-- access-policy:start -->\n([\s\S]*?)\n<!-- access-policy:end -->/.exec(doc)?.[1];
    expect(block, 'docs/clinics.md: paste accessPolicyMarkdown() between the access-policy markers').toBe(accessPolicyMarkdown());
  });
});
