import { Navigate, useParams } from 'react-router';
import { PatientList } from '../features/patients/components/patient-list/patient-list.tsx';
import { TutorialPopup } from '../features/patients/components/tutorial/tutorial-popup.tsx';
import { parseListPage, paths } from './paths.ts';

/** `/list/{p}`: p is zero-based; anything but a page number goes to page 0. */
export function ListScreen() {
  const { p } = useParams();
  const page = parseListPage(p);
  if (page === null) return <Navigate to={paths.list.to(0)} replace />;
  if (p !== String(page)) return <Navigate to={paths.list.to(page)} replace />; // "007" -> 7

  return (
    <div className="page">
      <PatientList page={page} />
      <TutorialPopup />
    </div>
  );
}
