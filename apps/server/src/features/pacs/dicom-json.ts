/**
 * Reading QIDO-RS answers: the DICOM JSON model (PS3.18 F.2), an array of objects keyed by tag
 * (`"00100010"`) holding `{ vr, Value: [...] }`. Only what the study and series tables show is read;
 * anything missing or of an unexpected shape reads as empty, never as an error.
 */
export type DicomJsonObject = Record<string, { vr?: string; Value?: unknown[] } | undefined>;

export const TAGS = {
  studyDate: '00080020',
  accession: '00080050',
  modalitiesInStudy: '00080061',
  modality: '00080060',
  sopClass: '00080016',
  sopInstance: '00080018',
  studyDescription: '00081030',
  seriesDescription: '0008103E',
  patientName: '00100010',
  patientId: '00100020',
  birthDate: '00100030',
  sex: '00100040',
  studyUid: '0020000D',
  seriesUid: '0020000E',
  seriesNumber: '00200011',
  instanceNumber: '00200013',
  studySeriesCount: '00201206',
  studyInstanceCount: '00201208',
  seriesInstanceCount: '00201209',
  rows: '00280010',
  columns: '00280011',
} as const;

function values(object: DicomJsonObject, tag: string): unknown[] {
  const element = object[tag] ?? object[tag.toLowerCase()];
  return Array.isArray(element?.Value) ? element.Value : [];
}

/** The values of a string element, trimmed; a person name's alphabetic form with `^` read as a space. */
export function strings(object: DicomJsonObject, tag: string): string[] {
  return values(object, tag)
    .map((value) => {
      if (typeof value === 'string') return value.trim();
      if (typeof value === 'number') return String(value);
      if (typeof value === 'object' && value !== null && 'Alphabetic' in value) {
        const name = (value as { Alphabetic?: unknown }).Alphabetic;
        return typeof name === 'string' ? name.replace(/\^+/g, ' ').trim() : '';
      }
      return '';
    })
    .filter((value) => value !== '');
}

export function text(object: DicomJsonObject, tag: string): string {
  return strings(object, tag)[0] ?? '';
}

export function integer(object: DicomJsonObject, tag: string): number | null {
  const value = values(object, tag)[0];
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

/** A DICOM DA (YYYYMMDD) as YYYY-MM-DD; null when absent or not a real date. */
export function dicomDate(object: DicomJsonObject, tag: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text(object, tag));
  if (!match) return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}

/** YYYY-MM-DD as a DICOM DA. */
export function toDicomDate(iso: string): string {
  return iso.replaceAll('-', '');
}

/** The answer is a JSON array of objects (anything else: the caller reports a bad answer). */
export function isDicomJsonArray(value: unknown): value is DicomJsonObject[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item));
}
