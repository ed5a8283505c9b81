import { AUDIT_ACTIONS, type AuditEventView } from '@ceppro/contract';

/** The dictionary key of an action's words: `audit.actions.patient.view`; unknown codes show as they are. */
export function actionKey(action: string): string | null {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) || action.startsWith('admin.') ? `audit.actions.${action}` : null;
}

/** The patient column: "#12 Name" for the user's own patient, the target's kind and id otherwise. */
export function patientText(event: AuditEventView): string {
  if (event.patient) return `${event.patient.patient_id ? `#${event.patient.patient_id} ` : ''}${event.patient.name}`;
  return '';
}

/** Time in the user's language and time zone, to the second. */
export function timeText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}
