/**
 * The access policy (Step 16, docs/clinics.md): who may read or change which patient data. Shared
 * server infrastructure like db/ and http/: features use it; it imports no feature.
 */
export {
  activeMembershipJoin,
  actorFromMembership,
  asActor,
  clinicActor,
  personalActor,
  resolveActor,
  type Actor,
  type ActorRef,
} from './actor';
export {
  inActorSpace,
  newPatientOwner,
  patientCreatorColumn,
  liveChartScope,
  patientScope,
  patientScopeFor,
  patientScopeTemplate,
  patientScopeValues,
  patientSpaceColumns,
  spaceKindOf,
  type PatientSpace,
  type SpaceKind,
} from './patient-scope';
export { accessPolicyMarkdown, actorFor, assertCan, can } from './permissions';
