import type { ReportModel } from '@ceppro/contract';
import dcmjs from 'dcmjs';
import { chartStudyUid } from './dicom-uids';

/**
 * Who and which study a written object belongs to, as DICOM values (PN, DA yyyymmdd, TM, CS): the
 * Patient and General Study modules of both objects, and the film they were made from.
 */
export interface DicomSubject {
  patient: { name: string; id: string; birthDate: string; sex: string };
  study: {
    instanceUid: string;
    id: string;
    accessionNumber: string;
    date: string;
    time: string;
    referringPhysician: string;
    description: string;
  };
  /** The film's own DICOM instance (the Secondary Capture's source image); null for a JPEG or PNG film. */
  sourceImage: { sopClassUid: string; sopInstanceUid: string; seriesInstanceUid: string } | null;
}

/** The data set's elements before Pixel Data: all the identifiers live there, and no pixel is copied. */
const PIXEL_DATA_TAG = '7FE00010';

function text(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '' : text(value[0]);
  if (typeof value === 'string') return value.replace(/\0/g, '').trim();
  if (typeof value === 'number') return String(value);
  // dcmjs gives a person name as its component groups: keep the groups in PN's own `=` form.
  if (value && typeof value === 'object') {
    const pn = value as { Alphabetic?: unknown; Ideographic?: unknown; Phonetic?: unknown };
    const groups = [text(pn.Alphabetic), text(pn.Ideographic), text(pn.Phonetic)];
    while (groups.length > 0 && groups[groups.length - 1] === '') groups.pop();
    return groups.join('=');
  }
  return '';
}

/**
 * The identifiers of a DICOM film, read (with its Specific Character Set: dcmjs decodes ISO 2022,
 * UTF-8, GB18030, ...) from the verified original that the upload check stored as it was. Throws when
 * the bytes are not a DICOM data set; `study.instanceUid` is empty when the film names no study.
 */
export function subjectOfDicom(bytes: Uint8Array): DicomSubject {
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  const file = dcmjs.data.DicomMessage.readFile(own.buffer, { untilTag: PIXEL_DATA_TAG, includeUntilTagValue: false });
  const d = dcmjs.data.DicomMetaDictionary.naturalizeDataset(file.dict);
  const studyUid = text(d['StudyInstanceUID']);
  const sopInstanceUid = text(d['SOPInstanceUID']);
  const sopClassUid = text(d['SOPClassUID']);
  return {
    patient: {
      name: text(d['PatientName']),
      id: text(d['PatientID']),
      birthDate: text(d['PatientBirthDate']),
      sex: text(d['PatientSex']),
    },
    study: {
      instanceUid: studyUid,
      id: text(d['StudyID']),
      accessionNumber: text(d['AccessionNumber']),
      date: text(d['StudyDate']),
      time: text(d['StudyTime']),
      referringPhysician: text(d['ReferringPhysicianName']),
      description: text(d['StudyDescription']),
    },
    sourceImage:
      sopInstanceUid !== '' && sopClassUid !== '' ? { sopClassUid, sopInstanceUid, seriesInstanceUid: text(d['SeriesInstanceUID']) } : null,
  };
}

/** A name as one PN component group: `^`, `=` and `\` are PN's and DICOM's delimiters, never part of a name. */
function personName(name: string): string {
  return name
    .replace(/[\\^=]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const da = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.replace(/-/g, '') : '');

/**
 * The subject of a chart whose film was a JPEG or PNG: the patient record as the report shows it
 * (the report model's patient), and a study of the chart's own (chartStudyUid) dated by the film's
 * shoot date. Study ID, accession number and referring physician are unknown (empty, Type 2).
 */
export function subjectOfChart(model: Pick<ReportModel, 'patient' | 'chart'>): DicomSubject {
  return {
    patient: {
      name: personName(model.patient.name),
      id: (model.patient.patientId ?? '').slice(0, 64),
      birthDate: da(model.patient.birthDate),
      sex: model.patient.gender ?? '',
    },
    study: {
      instanceUid: chartStudyUid(model.chart.chartId),
      id: '',
      accessionNumber: '',
      date: da(model.chart.shootDate),
      time: '',
      referringPhysician: '',
      description: 'Cephalometric analysis',
    },
    sourceImage: null,
  };
}
