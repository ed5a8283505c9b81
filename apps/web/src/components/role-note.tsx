import { useTranslation } from 'react-i18next';
import { useActorRole } from '../hooks/use-work-space.ts';

/**
 * Says why a control is not offered: the role the person works as in their clinic may not use it
 * (contract ACCESS_POLICY). Nothing is shown in the personal space or before the role is known.
 */
export function RoleNote({ kind, className }: { kind: 'landmarks' | 'export' | 'report'; className?: string }) {
  const { t } = useTranslation();
  const role = useActorRole();
  if (role === null || role === 'personal') return null;
  return (
    <p className={`role-note${className ? ` ${className}` : ''}`} role="note" data-testid={`role-note-${kind}`}>
      {t(`clinic.denied.${kind}`, { role: t(`clinic.roles.${role}`) })}
    </p>
  );
}
