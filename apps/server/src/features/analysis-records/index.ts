/**
 * The public surface of features/analysis-records beyond its service:
 * the repository the graph transport wires, its row type and the stored-document schemas.
 * Everything else in this folder is internal (eslint.config.js, server-boundaries block).
 */
export {
  createAnalysisRecordRepository,
  RECORD_DOCUMENTS,
  type AnalysisRecordRow,
  type RecordDocument,
} from './analysis-record.repository';
export {
  imgSizeSchema,
  inferResultSchema,
  MAX_DOCUMENT_BYTES,
  versionedDocumentSchema,
  type AnalysisRecordInput,
} from './analysis-record.schemas';
