import { RECORD_PAGE_MAX } from '../analysis-records/analysis-record.service';
import { CHART_PAGE_MAX } from '../charts/chart.service';
import { ANSWER_LIMITS } from './graph-answer';

/**
 * The graph query service's schema (docs/spec-points.md §7). Field names follow the spec's entities
 * (snake_case columns, camelCase timestamps) so the web app's documents read like the spec.
 * Ids are the rows' integer ids; charts also expose the uuid used in viewer URLs.
 */
export const typeDefs = /* GraphQL */ `
  "Any JSON value; stored documents carry a version."
  scalar JSON

  enum SortOrder {
    asc
    desc
  }
  enum PatientSortField {
    patient_id
    first_name
    birth_info
  }

  type Patient {
    id: Int!
    "The owner's committed patient count + 1 at commit; null while the patient is a draft."
    patient_id: String
    first_name: String!
    birth_info: String!
    "true female, false male"
    gender: Boolean!
    mobile_nb: String
    race_cd: String
    createdAt: String!
    updatedAt: String!
    "Who created the patient (in a clinic, the member; they stay named after leaving it)."
    created_by: Member
    "Who changed the patient last; null when not recorded (before clinics)."
    updated_by: Member
    charts: [PatientChart!]!
  }

  "An account named beside patient data (created by, last changed by): shown, never a filter."
  type Member {
    uuid: String!
    first_name: String!
  }

  type PatientChart {
    id: Int!
    uuid: String!
    chart_id: String!
    createdAt: String!
    chart_data: [PatientChartData!]!
    "Who last changed the chart's analysis (a save, or the detection that made it); null when not recorded."
    updated_by: Member
  }

  type PatientChartData {
    image_type_cd: String!
    shoot_date: String
  }

  type Pagination {
    page: Int!
    page_size: Int!
    total: Int!
  }
  type PatientPage {
    items: [Patient!]!
    pagination: Pagination!
  }

  type PatientSummary {
    id: Int!
    patient_id: String
    first_name: String!
    birth_info: String!
    gender: Boolean!
  }

  type Chart {
    id: Int!
    uuid: String!
    chart_id: String!
    createdAt: String!
    updatedAt: String!
    patient: PatientSummary!
    chart_data: [ChartData!]!
    analysis_record_id: Int
    """
    The live cephalogram to show (as POST /minio/download answers it: a signed URL of the full film, or lost), so the
    viewer's first paint is one request; null when the chart has none.
    """
    cephalogram: Film
  }

  "A film to show: its signed URL (null and lost: the stored object is missing), size and DICOM calibration."
  type Film {
    chart_data_id: Int!
    image_type_cd: String!
    presignedPath: String
    thumbnail: Boolean!
    lost: Boolean!
    create_at: String!
    shoot_date: String
    width: Int
    height: Int
    dicom_calibration: JSON
  }

  type ChartData {
    id: Int!
    chart_id: Int!
    image_type_cd: String!
    shoot_date: String
    path: String!
    createdAt: String!
    deletedAt: String
  }

  type AnalysisRecord {
    id: Int!
    chart_id: Int!
    infer_result: JSON
    modified_result: JSON
    profilogram_result: JSON
    ruler_info: JSON
    superimposition_data: JSON
    vto_sto_config: JSON
    drawing_result: JSON
    img_size: JSON
    "Moves on with every landmark write (a save, a detection); a landmark save names the one it started from."
    revision: Int!
    """
    The other documents' revisions, for a save's base: { documents: { profilogram_result, ruler_info, superimposition_data,
    vto_sto_config, drawing_result, img_size: hex or null (absent) }, drawing: { <top-level key of drawing_result>: hex } }.
    """
    document_revisions: JSON
    createdAt: String!
    updatedAt: String!
  }

  type AnalysisRecordPage {
    items: [AnalysisRecord!]!
    total: Int!
  }

  type UserConfig {
    unique_id: String!
    hard_tissue_color: String
    soft_tissue_color: String
    hard_tissue_size: Float
    soft_tissue_size: Float
    outline_NY: Boolean!
    default_ppm: Float
    cephalo_image_NY: Boolean!
    landmark_NY: Boolean!
    landmark_list: JSON
    guideline_NY: Boolean!
    default_analysis_method_NY: Boolean!
    auto_zoom_NY: Boolean!
    auto_measurement_NY: Boolean!
    plane_NY: Boolean!
    plane_list: JSON
    drawing_config: JSON
    cep_mode: String
    user_analysis_manage: JSON
    createdAt: String!
    updatedAt: String!
  }

  type UserPermission {
    version: Int!
    tutorial: Boolean!
  }
  type User {
    uuid: String!
    first_name: String!
    user_permission: UserPermission!
  }

  input PatientFilter {
    name_contains: String
    "Only patients with live chart data of these types; absent: every patient, those without charts too."
    image_type_cd: [String!]
  }
  input PatientSort {
    field: PatientSortField! = patient_id
    order: SortOrder! = desc
  }
  "Which images the nested charts list (default both types)."
  input PatientChartFilter {
    image_type_cd: [String!]
  }

  input ChartFilter {
    patient_id: Int
    uuid: String
    chart_id: String
  }
  input ChartSort {
    order: SortOrder! = desc
  }

  input AnalysisRecordFilter {
    id: Int
    chart_id: Int
    "The chart's uuid (the viewer's URL): its one record, so chart and record come in one request."
    chart_uuid: String
  }

  input CreatePatientInput {
    first_name: String!
    birth_info: String!
    gender: Boolean!
    mobile_nb: String
    race_cd: String
  }
  input UpdatePatientInput {
    first_name: String
    birth_info: String
    gender: Boolean
    mobile_nb: String
    race_cd: String
  }
  input UpdateChartInput {
    patient_id: Int!
  }
  input UpdateChartDataInput {
    shoot_date: String
    image_type_cd: String
  }

  input AnalysisRecordInput {
    infer_result: JSON
    modified_result: JSON
    profilogram_result: JSON
    ruler_info: JSON
    superimposition_data: JSON
    vto_sto_config: JSON
    drawing_result: JSON
    img_size: JSON
  }

  input UserConfigInput {
    hard_tissue_color: String
    soft_tissue_color: String
    hard_tissue_size: Float
    soft_tissue_size: Float
    outline_NY: Boolean
    default_ppm: Float
    cephalo_image_NY: Boolean
    landmark_NY: Boolean
    landmark_list: JSON
    guideline_NY: Boolean
    default_analysis_method_NY: Boolean
    auto_zoom_NY: Boolean
    auto_measurement_NY: Boolean
    plane_NY: Boolean
    plane_list: JSON
    drawing_config: JSON
    cep_mode: String
    user_analysis_manage: JSON
  }

  input UserPermissionInput {
    version: Int!
    tutorial: Boolean!
  }

  type Query {
    patient(id: Int!): Patient
    "Page size 10, zero-based page; always the caller's live patients."
    patients(page: Int = 0, filter: PatientFilter, sort: PatientSort, chart_filter: PatientChartFilter): PatientPage!
    "The caller's charts, a zero-based page of page_size (1..${CHART_PAGE_MAX}) at a time."
    charts(filter: ChartFilter, sort: ChartSort, page: Int = 0, page_size: Int = ${CHART_PAGE_MAX}): [Chart!]!
    chart_data(chart_id: Int!, image_type_cd: [String!], deleted: Boolean = false): [ChartData!]!
    user_config: UserConfig
    "The caller only."
    users: [User!]!
    """
    The caller's records by id, a zero-based page of page_size (1..${RECORD_PAGE_MAX}) at a time; total counts them all.
    The documents (infer_result, modified_result, profilogram_result, ruler_info, superimposition_data,
    vto_sto_config, drawing_result) come only with filter.id, filter.chart_id or filter.chart_uuid (one record), else
    RESPONSE_TOO_LARGE; an answer carries at most ${ANSWER_LIMITS.documentBytes / 1024 / 1024} MB of documents by their stored size.
    """
    analysis_records(filter: AnalysisRecordFilter, page: Int = 0, page_size: Int = ${RECORD_PAGE_MAX}): AnalysisRecordPage!
    drawing_result(chart_id: Int!): JSON
  }

  type Mutation {
    "draft: invisible to every query until landmark detection commits it; deleted after DRAFT_TTL_S otherwise."
    create_patient(input: CreatePatientInput!, draft: Boolean = false): Patient!
    update_patient(id: Int!, input: UpdatePatientInput!): Patient!
    delete_patient(id: Int!): Boolean!
    "draft: as for create_patient; patient_id may be the caller's draft patient."
    create_chart(patient_id: Int!, draft: Boolean = false): Chart!
    update_chart(id: Int!, input: UpdateChartInput!): Chart!
    delete_chart(id: Int!): Boolean!
    update_chart_data(id: Int!, input: UpdateChartDataInput!): ChartData!
    create_analysis_record(chart_id: Int!, input: AnalysisRecordInput!): AnalysisRecord!
    """
    base_revision: the landmark revision the edits started from (required with modified_result, infer_result). base_documents:
    { <document>: revision from document_revisions.documents, null when it was absent }, required for every other document
    written (img_size: either). Missing: REVISION_REQUIRED; stale: CONFLICT; nothing written.
    """
    update_analysis_record(id: Int!, input: AnalysisRecordInput!, base_revision: Int, base_documents: JSON): AnalysisRecord!
    """
    Sets the given top-level keys of drawing_result in one atomic write, keeping the others (drawing pad shapes, free measurements).
    base: { <key>: revision from document_revisions.drawing, null when absent }, required for every key but version (missing:
    REVISION_REQUIRED): a key saved since is CONFLICT, nothing written.
    """
    merge_drawing_result(id: Int!, patch: JSON!, base: JSON): AnalysisRecord!
    update_user_config(input: UserConfigInput!): UserConfig!
    update_user(user_permission: UserPermissionInput!): User!
  }
`;
