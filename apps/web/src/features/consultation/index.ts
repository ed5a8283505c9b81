/** Consultation mode: the patient's full-screen view of the plan (composed by routes/consultation-screen.tsx). */
export { ConsultationView } from './components/consultation-view.tsx';
