/**
 * The public surface of features/patients beyond its service:
 * the repository the graph transport wires and charts and landmarks read, and its row types.
 * Everything else in this folder is internal (eslint.config.js, server-boundaries block).
 */
export {
  commitDraftPatient,
  createPatientRepository,
  type ListedChart,
  type ListedPeople,
  type ListedPerson,
  type PatientRepository,
  type PatientRow,
  type PatientWithPeople,
} from './patient.repository';
