import { isDicomBytes, REPORT_SHARED_LABELS, type DicomOutKind, type ReportModel } from '@ceppro/contract';
import sharp from 'sharp';
import { actorFor, type Actor, type ActorRef } from '../../access/index';
import type { LiveImage } from '../../db/live-image';
import { AppError } from '../../errors/app-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { readCheckedImage } from '../images';
import { composeReportImage } from '../reports';
import type { ReportRequest, ReportService } from '../reports/report.service';
import { subjectOfChart, subjectOfDicom, type DicomSubject } from './dicom-subject';
import type { WrittenDicom } from './dicom-writer';
import type { DicomOutRepository } from './dicom-out.repository';
import { writeEncapsulatedPdf } from './encapsulated-pdf';
import { readDicomOriginal } from './film-source';
import { writeSecondaryCapture } from './secondary-capture';

export interface DicomObject extends WrittenDicom {
  kind: DicomOutKind;
}

/**
 * DICOM out (docs/dicom-out.md): a chart's report PDF as an Encapsulated PDF and its traced film as a
 * Secondary Capture, both in the film's own study when the film is a DICOM (its patient and study
 * identifiers, read from the stored original), else in a study of the chart's own. The report service
 * does the checks and the drawing: the access policy's `report.pdf` (the objects leave the product as
 * the PDF does), the chart in the caller's space, a film and landmarks that fit it; the PDF is its PDF
 * and the traced film its film (report-image.ts), so there is no second renderer.
 */
export function createDicomOutService(deps: {
  reports: ReportService;
  repository: DicomOutRepository;
  storage: ObjectStorage;
  clock?: () => Date;
}) {
  const { reports, repository, storage, clock = () => new Date() } = deps;

  /** The chart's film row, found again in the caller's space (the report service found it a moment ago). */
  async function film(actor: Actor, chartId: string): Promise<LiveImage> {
    const image = await repository.film(actor, chartId);
    if (!image) throw new AppError('REPORT_NO_IMAGE');
    return image;
  }

  async function subjectOf(image: LiveImage, model: ReportModel): Promise<DicomSubject> {
    const fromChart = subjectOfChart(model);
    if (image.dicomInfo === null || image.dicomInfo === undefined) return fromChart;
    const original = await readDicomOriginal(storage, image);
    if (!isDicomBytes(original)) return fromChart;
    let fromFilm: DicomSubject;
    try {
      fromFilm = subjectOfDicom(original);
    } catch {
      return fromChart;
    }
    // A film that names no study (the upload check needs pixels, not a study): the chart's own study and
    // the patient record, still referring to the film's instance.
    return fromFilm.study.instanceUid === '' ? { ...fromChart, sourceImage: fromFilm.sourceImage } : fromFilm;
  }

  async function reportObject(ref: ActorRef, request: ReportRequest, now: Date): Promise<{ object: DicomObject; model: ReportModel }> {
    const actor = actorFor(ref, 'report.pdf');
    const { pdf, model } = await reports.pdf(ref, request);
    const subject = await subjectOf(await film(actor, request.chart_id), model);
    const title = REPORT_SHARED_LABELS[model.lang].title;
    return { object: { kind: 'report', ...writeEncapsulatedPdf({ pdf, subject, now, title }) }, model };
  }

  async function tracingObject(actor: Actor, request: ReportRequest, model: ReportModel, now: Date): Promise<DicomObject> {
    const image = await film(actor, request.chart_id);
    let original: Buffer;
    try {
      original = await readCheckedImage(storage, image, `user:${actor.userId}`);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw new AppError('REPORT_NO_IMAGE', 'The cephalogram file is missing.');
      throw error;
    }
    // The film exactly as the report's PDF shows it: tracing, landmarks and drawings over the film (report-image.ts).
    const composed = await composeReportImage(original, model).catch(() => {
      throw new AppError('REPORT_NO_IMAGE', 'The cephalogram file cannot be read.');
    });
    const { data, info } = await sharp(composed.bytes).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const subject = await subjectOf(image, model);
    const written = writeSecondaryCapture({
      image: {
        data,
        width: info.width,
        height: info.height,
        lossy: { method: 'ISO_10918_1', ratio: data.length / composed.bytes.length },
      },
      subject,
      now,
    });
    return { kind: 'tracing', ...written };
  }

  return {
    /** The report as a DICOM Encapsulated PDF. */
    async report(ref: ActorRef, request: ReportRequest): Promise<DicomObject> {
      return (await reportObject(ref, request, clock())).object;
    },

    /** The traced film as a DICOM Secondary Capture image. */
    async tracing(ref: ActorRef, request: ReportRequest): Promise<DicomObject> {
      const actor = actorFor(ref, 'report.pdf');
      const model = await reports.model(ref, request);
      return tracingObject(actor, request, model, clock());
    },

    /** Both objects of one chart, made from one report model (what store back sends together). */
    async both(ref: ActorRef, request: ReportRequest): Promise<[DicomObject, DicomObject]> {
      const now = clock();
      const { object, model } = await reportObject(ref, request, now);
      return [object, await tracingObject(actorFor(ref, 'report.pdf'), request, model, now)];
    },
  };
}

export type DicomOutService = ReturnType<typeof createDicomOutService>;
