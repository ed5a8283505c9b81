import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';
import { parseListPage, paths } from './paths.ts';

/** `/list/{p}`: p is zero-based; anything but a page number goes to page 0. */
export function ListScreen() {
  const { t } = useTranslation();
  const { p } = useParams();
  const page = parseListPage(p);
  if (page === null) return <Navigate to={paths.list.to(0)} replace />;
  if (p !== String(page)) return <Navigate to={paths.list.to(page)} replace />; // "007" -> 7

  return (
    <div className="page">
      <PlaceholderScreen title={t('screens.list.title')} body={t('screens.list.body', { page: page + 1 })} />
    </div>
  );
}
