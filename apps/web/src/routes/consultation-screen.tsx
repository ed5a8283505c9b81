import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConsultationView } from '../features/consultation/index.ts';
import { paths } from './paths.ts';

/** `/consultation/{id}`: consultation mode for one chart (id is the chart uuid, as in the viewer); closing returns to the viewer. */
export function ConsultationScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const close = useCallback(() => void navigate(paths.viewer.to(id)), [navigate, id]);
  return <ConsultationView key={id} chartUuid={id} onClose={close} />;
}
