import type { AnalysisRecordRow } from '../analysis-records';
import type { ChartDataRow } from '../charts';
import type { ChartView } from '../charts/chart.service';
import type { ListedChart, ListedPerson, PatientWithPeople } from '../patients';
import type { UserConfigRow, UserSummary } from '../user-config';

/**
 * Rows to the schema's shapes. Written out field by field so a column added to a table is not
 * exposed by accident (owner ids, storage internals stay inside).
 */
const toMember = (person: ListedPerson | null) => person && { uuid: person.uuid, first_name: person.firstName };

export function toPatient(row: PatientWithPeople & { charts: ListedChart[] }) {
  return {
    id: row.id,
    patient_id: row.patientId,
    first_name: row.firstName,
    birth_info: row.birthInfo,
    gender: row.gender,
    mobile_nb: row.mobileNb,
    race_cd: row.raceCd,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    created_by: toMember(row.creator),
    updated_by: toMember(row.lastEditor),
    charts: row.charts.map((c) => ({
      id: c.id,
      uuid: c.uuid,
      chart_id: c.chartId,
      createdAt: c.createdAt.toISOString(),
      chart_data: c.chartData.map((d) => ({ image_type_cd: d.imageTypeCd, shoot_date: d.shootDate })),
      updated_by: toMember(c.updatedBy),
    })),
  };
}

export function toChartData(row: ChartDataRow) {
  return {
    id: row.id,
    chart_id: row.chartRef,
    image_type_cd: row.imageTypeCd,
    shoot_date: row.shootDate,
    path: row.path,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

export function toChart(view: ChartView) {
  return {
    id: view.id,
    uuid: view.uuid,
    chart_id: view.chartId,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    patient: {
      id: view.patient.id,
      patient_id: view.patient.patientId,
      first_name: view.patient.firstName,
      birth_info: view.patient.birthInfo,
      gender: view.patient.gender,
    },
    chart_data: view.chartData.map(toChartData),
    analysis_record_id: view.analysisRecordId,
  };
}

export function toAnalysisRecord(row: AnalysisRecordRow) {
  return {
    id: row.id,
    chart_id: row.chartRef,
    infer_result: row.inferResult,
    modified_result: row.modifiedResult,
    profilogram_result: row.profilogramResult,
    ruler_info: row.rulerInfo,
    superimposition_data: row.superimpositionData,
    vto_sto_config: row.vtoStoConfig,
    drawing_result: row.drawingResult,
    img_size: row.imgSize,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toUserConfig(row: UserConfigRow) {
  return {
    unique_id: row.uniqueId,
    hard_tissue_color: row.hardTissueColor,
    soft_tissue_color: row.softTissueColor,
    hard_tissue_size: row.hardTissueSize,
    soft_tissue_size: row.softTissueSize,
    outline_NY: row.outlineNy,
    default_ppm: row.defaultPpm,
    cephalo_image_NY: row.cephaloImageNy,
    landmark_NY: row.landmarkNy,
    landmark_list: row.landmarkList,
    guideline_NY: row.guidelineNy,
    default_analysis_method_NY: row.defaultAnalysisMethodNy,
    auto_zoom_NY: row.autoZoomNy,
    auto_measurement_NY: row.autoMeasurementNy,
    plane_NY: row.planeNy,
    plane_list: row.planeList,
    drawing_config: row.drawingConfig,
    cep_mode: row.cepMode,
    user_analysis_manage: row.userAnalysisManage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toUser(user: UserSummary) {
  return { uuid: user.uuid, first_name: user.firstName, user_permission: user.userPermission };
}
