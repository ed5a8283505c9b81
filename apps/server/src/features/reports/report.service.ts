import {
  buildReportModel,
  imgSizeSchema,
  modifiedResultFits,
  parseSuperimpositionData,
  readDefaultPopulation,
  readRecordLandmarks,
  reportAnalysis,
  reportLandmarks,
  summariseSuperimposition,
  type ReportModel,
  type ReportPdfRequest,
  type SuperimpositionResultSummary,
} from '@ceppro/contract';
import { actorFor, type Actor, type ActorRef } from '../../access/index';
import { AppError } from '../../errors/app-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { dicomCalibrationOfRow, readCheckedImage } from '../images';
import type { SuperimpositionService } from '../planning/superimposition.service';
import { createFilmTracingCache, filmTracingKey, type FilmTracingCache } from './report-film-cache';
import { FILM_TRACING, readFilmTracing, type FilmTracing } from './report-film-tracing';
import { composeReportImage } from './report-image';
import { REPORT_PDF } from './report-pdf-kind';
import { renderInThread, type PdfRender } from '../../pdf/pdf-pool';
import type { ReportRepository } from './report.repository';

export interface ReportPdf {
  filename: string;
  pdf: Buffer;
  /** What the PDF shows (tests read it instead of parsing the file). */
  model: ReportModel;
}

/** What a report is asked for: the chart, the analysis (or a user's group) and the language. */
export type ReportRequest = Omit<ReportPdfRequest, 'measurement_ids'> & { measurement_ids?: readonly string[] | undefined };

/**
 * A chart's report: its model (packages/contract `buildReportModel`, the one both renderers draw)
 * and the PDF made from it. The access policy first: the model is `report.read`, the PDF (it leaves
 * the product) `report.pdf` (403 ROLE_FORBIDDEN); a chart outside the caller's space is NOT_FOUND, the
 * same answer as a chart that does not exist. The film (decode, overlay, encode) is made in libvips' thread
 * pool, the PDF's layout (pdfkit, JavaScript) by `renderPdf`: in the app, a worker thread (report-pdf-pool.ts).
 */
export function createReportService(deps: {
  reports: ReportRepository;
  storage: ObjectStorage;
  clock?: () => Date;
  /** Lays the PDF out: the app passes its PdfPool (a worker thread); tests and the CLI may render in this thread. */
  renderPdf?: PdfRender;
  /** The film tracings kept between requests (report-film-cache.ts); a cache of its own when absent. */
  filmTracings?: FilmTracingCache;
  /**
   * The superimposition of a patient's films (features/planning, passed in by app.ts): the record stores
   * only the chosen films and method, the report computes the result as the viewer's tab does.
   * Absent: no superimposition is printed.
   */
  superimposition?: Pick<SuperimpositionService, 'superimpose' | 'liveChartIds'> | undefined;
}) {
  const { reports, storage, clock = () => new Date(), renderPdf = renderInThread, filmTracings = createFilmTracingCache() } = deps;

  /**
   * The superimposition chosen on this chart's record (`superimposition_data`), computed now in this chart's
   * film pixels, without the chosen films deleted since; null when fewer than two are left or it cannot be
   * computed (landmarks missing): the rest of the report prints.
   */
  async function superimposition(ref: ActorRef, chartId: string, stored: unknown, now: Date): Promise<SuperimpositionResultSummary | null> {
    const choices = parseSuperimpositionData(stored);
    if (!deps.superimposition || choices === null) return null;
    const chosen = [...new Set([chartId, ...choices.chart_ids])];
    if (chosen.length < 2) return null;
    try {
      // A chosen film deleted since is left out, as the viewer's tab leaves it out; the rest is superimposed.
      const chartIds = await deps.superimposition.liveChartIds(ref, chosen);
      if (chartIds.length < 2 || !chartIds.includes(chartId)) return null;
      const computed = await deps.superimposition.superimpose(ref, {
        chart_ids: chartIds,
        method: choices.method,
        frame_chart_id: chartId,
      });
      return summariseSuperimposition(computed, now.toISOString());
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** The saved rows a report is made from, checked: owned chart, known analysis, a film and landmarks that fit it. */
  async function load(ref: ActorRef, actor: Actor, request: ReportRequest) {
    const chart = await reports.findOwnedChart(actor, request.chart_id);
    if (!chart) throw new AppError('NOT_FOUND');
    const analysis = reportAnalysis(request);
    if (!analysis) {
      const field = request.measurement_ids ? 'measurement_ids' : 'analysis_id';
      throw new AppError('VALIDATION_FAILED', 'Unknown analysis or measurement.', { field });
    }
    const [image, record, owner, sequence] = await Promise.all([
      reports.cephalogram(chart.ref),
      reports.analysisRecord(chart.ref),
      reports.owner(actor),
      reports.chartSequence(chart),
    ]);
    if (!image) throw new AppError('REPORT_NO_IMAGE');
    if (!record || reportLandmarks(record.inferResult, record.modifiedResult).length === 0) throw new AppError('REPORT_NO_ANALYSIS');
    // Landmarks adjusted on another film (the image was changed since) are never printed on this one.
    if (!modifiedResultFits(record.modifiedResult, image)) throw new AppError('REPORT_LANDMARKS_MISMATCH');
    // The film is read once, for its contours and R1-R4 (and, for the PDF, the printed film). A film that
    // cannot be read or traced leaves the landmark curves and no found points; only the PDF needs the film.
    let original: Buffer | null = null;
    let filmError: unknown = null;
    try {
      original = await readCheckedImage(storage, image);
    } catch (error) {
      filmError = error;
    }
    const imgSize = record.imgSize ?? (image.width && image.height ? { width: image.width, height: image.height } : null);
    const fromFilm = original === null ? undefined : await traceFilm(original, image, record, imgSize);
    const now = clock();
    const computed = await superimposition(ref, chart.chartId, record.superimpositionData, now);
    const model = buildReportModel(
      {
        now,
        timeZone: request.time_zone,
        clinic: owner.companyName,
        patient: chart.patient,
        chart: { chartId: chart.chartId, shootDate: image.shootDate, sequence },
        analysisId: analysis.id,
        // The size the landmarks were placed on: the record's, else the film's own.
        record: { ...record, imgSize },
        fromFilm,
        defaultPpm: owner.defaultPpm,
        defaultPopulation: readDefaultPopulation(owner.userAnalysisManage),
        // A DICOM film carries its pixel spacing: ruler > DICOM > default PPM, as in the viewer.
        dicom: dicomCalibrationOfRow(image.dicomInfo),
        lang: request.lang ?? 'en',
        superimposition: computed,
        superimpositionTable: request.superimposition_table ?? false,
      },
      analysis,
    );
    return { chart, image, model, now, original, filmError };
  }

  /**
   * The film's contours and R1-R4 (report-film-tracing.ts) in the PDF pool's thread, kept per film and
   * landmark set (report-film-cache.ts): the model and the PDF of the same chart trace it once. undefined
   * when it cannot be traced.
   */
  async function traceFilm(
    original: Buffer,
    image: { id: number; sha256: string | null },
    record: { inferResult: unknown; modifiedResult: unknown },
    imgSize: unknown,
  ): Promise<FilmTracing | undefined> {
    const { positions } = readRecordLandmarks(record.inferResult, record.modifiedResult);
    const size = imgSizeSchema.safeParse(imgSize);
    const space = size.success ? size.data : null;
    const key = filmTracingKey({ imageId: image.id, fileHash: image.sha256, space, positions });
    return filmTracings.get(key, async () => {
      try {
        return readFilmTracing(await renderPdf(FILM_TRACING, { bytes: original, space, positions: { ...positions } }));
      } catch {
        return undefined;
      }
    });
  }

  /**
   * The file of the facial photo the VTO/STO plan aligned, when the plan has one and it is this chart's
   * live photo (the PDF's worker morphs it, report-pdf-kind.ts). The alignment belongs to one photo: a
   * photo replaced since, or gone (LOST), leaves the before/after pair out, and the rest of the report prints.
   */
  async function alignedPhoto(chartRef: number, model: ReportModel): Promise<Buffer | null> {
    const morph = model.vto?.morph;
    if (!morph) return null;
    const photo = await reports.facialPhoto(chartRef);
    if (!photo || photo.id !== morph.photoChartDataId) return null;
    return readCheckedImage(storage, photo).catch(() => null);
  }

  return {
    /** The report model as JSON for the browser's print layout: the same object the PDF is drawn from. */
    async model(ref: ActorRef, request: ReportRequest): Promise<ReportModel> {
      return (await load(ref, actorFor(ref, 'report.read'), request)).model;
    },

    async pdf(ref: ActorRef, request: ReportRequest): Promise<ReportPdf> {
      const { chart, model, now, original, filmError } = await load(ref, actorFor(ref, 'report.pdf'), request);
      if (original === null) {
        // The stored file is gone (the viewer shows LOST): nothing to print.
        if (filmError instanceof AppError && filmError.code === 'NOT_FOUND') {
          throw new AppError('REPORT_NO_IMAGE', 'The cephalogram file is missing.');
        }
        throw filmError;
      }
      let film: Awaited<ReturnType<typeof composeReportImage>>;
      try {
        film = await composeReportImage(original, model);
      } catch {
        // The file is there but cannot be decoded (accepted before uploads were decoded strictly).
        throw new AppError('REPORT_NO_IMAGE', 'The cephalogram file cannot be read.');
      }
      const photo = await alignedPhoto(chart.ref, model);
      return { filename: `ceppro-report-${chart.chartId}.pdf`, pdf: await renderPdf(REPORT_PDF, { model, film, now, photo }), model };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
