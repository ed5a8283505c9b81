import { type MyClinic } from '@ceppro/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { spaceIdOf, useSwitchSpace, useWorkSpace, workSpaceKeys } from '../../hooks/use-work-space.ts';
import { isApiError } from '../../lib/api/index.ts';
import { paths } from '../../routes/paths.ts';
import { readSession } from '../../stores/session.ts';
import { CheckIcon, ChevronDownIcon } from '../icons.tsx';
import { Menu } from '../menu/index.ts';
import './space-switcher.css';

const BuildingIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
    <path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16" />
    <path d="M16 9h2a2 2 0 0 1 2 2v10M3 21h18M8 7h4M8 11h4M8 15h4" />
  </svg>
);
const PersonIcon = () => (
  <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

/** Screens of one patient or chart: one of another space is not there after a switch. */
const onePatientScreen = (pathname: string) =>
  matchPath(paths.viewer.pattern, pathname) !== null || matchPath(paths.patient.pattern, pathname) !== null;

/**
 * Every cached answer but the clinic itself belongs to the space it was read in: when the space changes
 * (a switch here, leaving in the settings, or a removal noticed on a re-read), they are all reset, so
 * mounted screens read their space's patients afresh and nothing of the other space is shown meanwhile.
 * A patient or chart screen is left for the list first (its patient is not in the new space), and only
 * then is the cache reset: a reset under it would ask the server for a patient it no longer shows.
 */
function useSpaceWatch(clinic: MyClinic | undefined) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = clinic ? `${readSession()?.email ?? ''}|${spaceIdOf(clinic)}` : null;
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (current === null || applied.current === current) return;
    if (applied.current === null) {
      applied.current = current;
      return;
    }
    if (onePatientScreen(pathname)) {
      void navigate(paths.list.to(0), { replace: true });
      return;
    }
    applied.current = current;
    void client.resetQueries({ predicate: (query) => query.queryKey[0] !== workSpaceKeys.all[0] });
  }, [current, pathname, client, navigate]);
}

/**
 * The header's space: where the signed-in person works now (their personal space or their clinic),
 * shown at all times to a clinic member, and the explicit switch between the two (docs/clinics.md).
 * Nothing is shown to someone without a clinic.
 */
export function SpaceSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useWorkSpace();
  const switchTo = useSwitchSpace();
  const [failed, setFailed] = useState(false);
  useSpaceWatch(data);
  const clinic = data?.clinic ?? null;
  if (!data || clinic === null) return null;

  const inClinic = data.space === 'clinic';
  const name = inClinic ? clinic.name : t('clinic.switcher.personal');
  const choose = async (target: string | null, close: () => void) => {
    close();
    setFailed(false);
    if ((target === null) === !inClinic) return;
    try {
      await switchTo.mutateAsync(target);
      await navigate(paths.list.to(0));
    } catch (error) {
      if (!(isApiError(error) && error.handled)) setFailed(true);
    }
  };

  return (
    <div className="space-switcher">
      <Menu
        label={t('clinic.switcher.label', { name })}
        triggerClassName={`header__control space-switcher__trigger${inClinic ? ' space-switcher__trigger--clinic' : ''}`}
        variant="wide"
        testId="space-switcher"
        trigger={
          <>
            {inClinic ? <BuildingIcon /> : <PersonIcon />}
            <span className="header__control-text space-switcher__name" data-testid="space-current" data-space={data.space}>
              {name}
            </span>
            <ChevronDownIcon />
          </>
        }
      >
        {(close) => (
          <>
            <button
              type="button"
              role="menuitemradio"
              aria-checked={!inClinic}
              className="dropdown__item space-switcher__item"
              onClick={() => void choose(null, close)}
              data-testid="space-personal"
            >
              <PersonIcon />
              <span className="space-switcher__text">
                <strong>{t('clinic.switcher.personalItem')}</strong>
                <span>{t('clinic.switcher.personalHint')}</span>
              </span>
              {!inClinic && <CheckIcon className="dropdown__check" />}
            </button>
            <button
              type="button"
              role="menuitemradio"
              aria-checked={inClinic}
              className="dropdown__item space-switcher__item"
              onClick={() => void choose(clinic.uuid, close)}
              data-testid="space-clinic"
            >
              <BuildingIcon />
              <span className="space-switcher__text">
                <strong>{clinic.name}</strong>
                <span>{t('clinic.switcher.clinicHint', { role: t(`clinic.roles.${clinic.my_role}`) })}</span>
              </span>
              {inClinic && <CheckIcon className="dropdown__check" />}
            </button>
          </>
        )}
      </Menu>
      {failed && (
        <span className="space-switcher__error" role="alert" data-testid="space-switch-error">
          {t('clinic.switcher.failed')}
        </span>
      )}
    </div>
  );
}
