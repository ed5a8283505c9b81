/**
 * npm run report -- --image <image or DICOM file> [--lang ko] [--analysis steiner] [--name "홍길동"] [--birth 1990-01-01]
 *                   [--sex F|M] [--ppm 10] [--model <manifest.json>] [--time-zone Asia/Seoul] --out <file.pdf>
 *
 * One film to a report PDF without a server or database, for checks and batch use: landmark
 * detection with the shipped model (or --model), the analysis, and the same report model and
 * renderer the server's POST /api/report/pdf uses. --ppm calibrates (px per mm) like a user's
 * default PPM; without it a DICOM's own pixel spacing does (as in the product), else lengths are in
 * px. The report is dated by the calendar day in --time-zone (an IANA name; default the machine's own
 * zone, as the product dates by the browser's), never by the UTC day. Exit 0 with the PDF written, 1 when
 * the model refuses the film as not a cephalogram, 2 on bad arguments or an unreadable file.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { REPORT_LANGS, buildReportModel, isCalendarDate, isTimeZone, reportAnalysis, type ReportLang } from '@ceppro/contract';
import { inferResultOf } from '../features/landmarks/landmark.service.ts';
import { composeReportImage } from '../features/reports/report-image.ts';
import { renderReportPdf } from '../features/reports/report-pdf.ts';
import { defaultModelManifestPath, ImageInputError, LandmarkDetector } from '../inference/index.ts';
import { userPath } from './dataset-manifest.ts';
import { FilmFileError, readFilmFile, type FilmFile } from './film-file.ts';

const USAGE =
  'usage: npm run report -- --image <file> [--lang en|ko|ja|zh|vi] [--analysis steiner] [--name ' +
  '"홍길동"] [--birth yyyy-mm-dd] [--sex F|M] [--ppm 10] [--model <manifest.json>] [--time-zone <IANA zone>] --out <file.pdf>';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      image: { type: 'string' },
      out: { type: 'string' },
      lang: { type: 'string', default: 'en' },
      analysis: { type: 'string' },
      name: { type: 'string', default: 'Patient' },
      // No defaults: a fact not given prints "-" (never an invented birth date or sex).
      birth: { type: 'string' },
      sex: { type: 'string' },
      ppm: { type: 'string' },
      model: { type: 'string' },
      // The clinic's calendar day: this machine's zone unless told (TZ or the system's setting).
      'time-zone': { type: 'string', default: Intl.DateTimeFormat().resolvedOptions().timeZone },
    },
  });
  const lang = values.lang as ReportLang;
  const ppm = values.ppm === undefined ? null : Number(values.ppm);
  const problems = [
    values.image === undefined && '--image is required',
    values.out === undefined && '--out is required',
    !REPORT_LANGS.includes(lang) && `--lang must be one of ${REPORT_LANGS.join(', ')}`,
    values.birth !== undefined && !isCalendarDate(values.birth) && '--birth must be a calendar date, yyyy-mm-dd',
    values.sex !== undefined && !['F', 'M'].includes(values.sex) && '--sex must be F or M',
    ppm !== null && !(Number.isFinite(ppm) && ppm > 0) && '--ppm must be a positive number',
    !isTimeZone(values['time-zone']) && `--time-zone must be an IANA time zone name such as Asia/Seoul`,
  ].filter((p): p is string => typeof p === 'string');
  const analysis = reportAnalysis({ analysis_id: values.analysis });
  if (!analysis) problems.push(`unknown --analysis ${values.analysis ?? ''}`);
  if (problems.length > 0 || !analysis || values.image === undefined || values.out === undefined) {
    console.error([...problems, USAGE].join('\n'));
    return 2;
  }

  let file: FilmFile;
  try {
    file = await readFilmFile(values.image);
  } catch (err) {
    if (!(err instanceof FilmFileError)) throw err;
    console.error(err.message);
    return 2;
  }
  const { bytes } = file;
  const detector = await LandmarkDetector.load(values.model ? userPath(values.model) : defaultModelManifestPath());
  let detection: Awaited<ReturnType<LandmarkDetector['detect']>>;
  try {
    detection = await detector.detect(bytes);
  } catch (err) {
    if (err instanceof ImageInputError) {
      console.error(`${err.code}: ${err.message}`);
      return 2;
    }
    throw err;
  }
  if (detection.status !== 'ok') {
    console.error(`The model refused the film: ${JSON.stringify(detection)}`);
    return 1;
  }

  const now = new Date();
  const record = { inferResult: inferResultOf(detection), modifiedResult: null, rulerInfo: null, imgSize: detection.imageSize };
  const model = buildReportModel(
    {
      now,
      timeZone: values['time-zone'],
      clinic: null,
      patient: {
        firstName: values.name,
        patientId: null,
        birthInfo: values.birth ?? null,
        gender: values.sex === undefined ? null : values.sex === 'F',
      },
      chart: { chartId: '-', shootDate: null },
      analysisId: analysis.id,
      record,
      defaultPpm: ppm,
      // --ppm is the user's choice; a DICOM's spacing applies only without it (ruler > DICOM > default in the product).
      dicom: ppm === null ? file.dicom : null,
      lang,
    },
    analysis,
  );
  const film = await composeReportImage(bytes, model);
  const pdf = await renderReportPdf(model, film, now);
  await writeFile(userPath(values.out), pdf);
  console.log(
    `${values.out}: ${pdf.length} bytes, ${model.landmarks.filter((l) => l.constructed !== true).length} landmarks ` +
      `(+${model.landmarks.filter((l) => l.constructed === true).length} constructed), ` +
      `${model.rows.length} measurements (${model.analysis.name}, ${lang})`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
