import {
  buildConsultationModel,
  modifiedResultFits,
  readDefaultPopulation,
  reportLandmarks,
  type ConsultationModel,
  type ConsultationPdfRequest,
} from '@ceppro/contract';
import { actorFor, type Actor, type ActorRef } from '../../access/index';
import { AppError } from '../../errors/app-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { dicomCalibrationOfRow, readCheckedImage } from '../images';
import { CONSULTATION_PDF } from './consultation-pdf-kind';
import { renderInThread, type PdfRender } from '../../pdf/pdf-pool';
import type { ReportRepository } from './report.repository';

export interface ConsultationPdf {
  filename: string;
  pdf: Buffer;
  model: ConsultationModel;
}

/**
 * The consultation view of a chart (issue 28 item 5): its model (contract `buildConsultationModel`, the one
 * the web's full-screen view and the PDF draw) and the one-page PDF. The report's rules: the model is
 * `report.read`, the PDF `report.pdf` (403 ROLE_FORBIDDEN); a chart outside the caller's space is NOT_FOUND;
 * a chart without landmarks is REPORT_NO_ANALYSIS, and landmarks placed on another film REPORT_LANDMARKS_MISMATCH.
 * A chart without a plan or a photo still answers: the model says so, and the tracing is shown.
 */
export function createConsultationService(deps: {
  reports: ReportRepository;
  storage: ObjectStorage;
  clock?: () => Date;
  renderPdf?: PdfRender;
}) {
  const { reports, storage, clock = () => new Date(), renderPdf = renderInThread } = deps;

  async function load(actor: Actor, request: ConsultationPdfRequest) {
    const chart = await reports.findOwnedChart(actor, request.chart_id);
    if (!chart) throw new AppError('NOT_FOUND');
    const [image, record, owner, photo] = await Promise.all([
      reports.cephalogram(chart.ref),
      reports.analysisRecord(chart.ref),
      reports.owner(actor),
      reports.facialPhoto(chart.ref),
    ]);
    if (!image) throw new AppError('REPORT_NO_IMAGE');
    if (!record || reportLandmarks(record.inferResult, record.modifiedResult).length === 0) throw new AppError('REPORT_NO_ANALYSIS');
    if (!modifiedResultFits(record.modifiedResult, image)) throw new AppError('REPORT_LANDMARKS_MISMATCH');
    const now = clock();
    const model = buildConsultationModel({
      now,
      timeZone: request.time_zone,
      clinic: owner.companyName,
      patient: chart.patient,
      chart: { chartId: chart.chartId, shootDate: image.shootDate },
      record: {
        ...record,
        imgSize: record.imgSize ?? (image.width && image.height ? { width: image.width, height: image.height } : null),
      },
      defaultPpm: owner.defaultPpm,
      defaultPopulation: readDefaultPopulation(owner.userAnalysisManage),
      dicom: dicomCalibrationOfRow(image.dicomInfo),
      lang: request.lang ?? 'en',
      photoId: photo?.id ?? null,
    });
    return { chart, model, now, photo };
  }

  return {
    /** The model as JSON for the web's full-screen view. */
    async model(ref: ActorRef, request: ConsultationPdfRequest): Promise<ConsultationModel> {
      return (await load(actorFor(ref, 'report.read'), request)).model;
    },

    /** The one-page PDF; the aligned photo's file goes to the PDF's worker, which morphs it (a lost photo leaves the pair out). */
    async pdf(ref: ActorRef, request: ConsultationPdfRequest): Promise<ConsultationPdf> {
      const { chart, model, now, photo } = await load(actorFor(ref, 'report.pdf'), request);
      const bytes = model.morph && photo ? await readCheckedImage(storage, photo).catch(() => null) : null;
      const pdf = await renderPdf(CONSULTATION_PDF, { model, now, photo: bytes });
      return { filename: `ceppro-consultation-${chart.chartId}.pdf`, pdf, model };
    },
  };
}

export type ConsultationService = ReturnType<typeof createConsultationService>;
