import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { AdminScreen } from '../features/admin/components/admin-screen.tsx';
import { AdminAuditLog } from '../features/audit/components/admin-audit-log.tsx';
import { paths } from './paths.ts';
import './screens.css';

/**
 * `/admin` and `/admin/audit`: administration, two tabs composed here (features do not import each
 * other): the accounts (features/admin) and every account's audit trail (features/audit).
 */
export function AdministrationScreen() {
  const { t } = useTranslation();
  const audit = useLocation().pathname === paths.adminAudit.pattern;
  const tabs = (
    <nav className="admin-tabs" aria-label={t('admin.tabs.label')}>
      <NavLink end to={paths.admin.to()} className="admin-tabs__link" data-testid="admin-tab-accounts">
        {t('admin.tabs.accounts')}
      </NavLink>
      <NavLink to={paths.adminAudit.to()} className="admin-tabs__link" data-testid="admin-tab-audit">
        {t('admin.tabs.audit')}
      </NavLink>
    </nav>
  );
  if (!audit) return <AdminScreen tabs={tabs} />;
  return (
    <div className="page admin" data-testid="admin-audit-screen">
      {tabs}
      <AdminAuditLog />
    </div>
  );
}
