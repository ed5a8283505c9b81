import {
  DICOM_CONTENT_TYPE,
  DICOM_IMAGE_SOP_CLASSES,
  DICOM_MAGIC_OFFSET,
  IMAGE_UPLOAD,
  dicomDateToIso,
  dicomPersonName,
  isDicomBytes,
  isSupportedTransferSyntax,
  transferSyntaxLabel,
  type DicomPatientFacts,
} from '@ceppro/contract';
import dicomParser, { type DataSet } from 'dicom-parser';

/*
 * DICOM files in the patient drop zones (Step 10 item 6): recognised by content (the 'DICM' magic),
 * whatever the name says; read here only for what the form needs (the patient facts to offer, and
 * the refusals a person should hear before anything is created). The server reads the file again.
 */

/** The DICOM refusals the browser can tell from the header (server codes, contract errors.ts). */
export type DicomProblemCode =
  | 'DICOM_UNREADABLE'
  | 'DICOM_UNSUPPORTED_SYNTAX'
  | 'DICOM_NO_PIXEL_DATA'
  | 'DICOM_MULTI_FRAME'
  | 'DICOM_NOT_IMAGE';

export interface DicomProblem {
  code: DicomProblemCode;
  /** The transfer syntax, named, for DICOM_UNSUPPORTED_SYNTAX. */
  syntax?: string;
}

export type DicomReading = { ok: true; facts: DicomPatientFacts } | { ok: false; problem: DicomProblem };

/** True when the file is a DICOM Part 10 file by content. */
export async function isDicomFile(file: Blob): Promise<boolean> {
  if (file.size < DICOM_MAGIC_OFFSET + 4) return false;
  const head = new Uint8Array(await file.slice(0, DICOM_MAGIC_OFFSET + 4).arrayBuffer());
  return isDicomBytes(head);
}

/** The same bytes, typed as DICOM for the upload (browsers give `.dcm` and extension-less files no type). */
export function asDicomFile(file: File): File {
  return file.type === DICOM_CONTENT_TYPE
    ? file
    : new File([file], file.name, { type: DICOM_CONTENT_TYPE, lastModified: file.lastModified });
}

/** Names a string value with the file's Specific Character Set (0008,0005); the parser itself reads Latin-1. */
function decoder(data: DataSet): TextDecoder {
  const charset = (data.string('x00080005') ?? '').toUpperCase();
  const label = charset.includes('192')
    ? 'utf-8'
    : charset.includes('149')
      ? 'euc-kr'
      : charset.includes('IR 13') || charset.includes('IR 87')
        ? 'shift_jis'
        : charset.includes('GB18030') || charset.includes('GBK')
          ? 'gb18030'
          : 'windows-1252';
  return new TextDecoder(label);
}

function text(data: DataSet, tag: string, decode: TextDecoder): string | null {
  const element = data.elements[tag];
  if (!element || element.length === 0) return null;
  const bytes = data.byteArray.subarray(element.dataOffset, element.dataOffset + element.length);
  const value = decode.decode(bytes).replace(/\0/g, '').trim();
  return value === '' ? null : value;
}

const clean = (value: string | undefined) => value?.replace(/\0/g, '').trim() ?? '';

/**
 * Reads a DICOM file's header: the refusal the server would give (checked in the same order), or
 * the patient's name, birth date, sex and study date for the form to offer.
 */
export async function readDicomFile(file: Blob): Promise<DicomReading> {
  if (file.size > IMAGE_UPLOAD.maxBytes) return { ok: false, problem: { code: 'DICOM_UNREADABLE' } };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let syntax: string;
  try {
    syntax = clean(dicomParser.readPart10Header(bytes).string('x00020010'));
  } catch {
    return { ok: false, problem: { code: 'DICOM_UNREADABLE' } };
  }
  if (!isSupportedTransferSyntax(syntax))
    return { ok: false, problem: { code: 'DICOM_UNSUPPORTED_SYNTAX', syntax: transferSyntaxLabel(syntax || '—') } };
  let data: DataSet;
  try {
    data = dicomParser.parseDicom(bytes);
  } catch {
    return { ok: false, problem: { code: 'DICOM_UNREADABLE' } };
  }
  const sopClass = clean(data.string('x00080016'));
  if (sopClass !== '' && !Object.hasOwn(DICOM_IMAGE_SOP_CLASSES, sopClass)) return { ok: false, problem: { code: 'DICOM_NOT_IMAGE' } };
  const pixels = data.elements.x7fe00010;
  if (!pixels || pixels.length === 0) return { ok: false, problem: { code: 'DICOM_NO_PIXEL_DATA' } };
  if ((data.intString('x00280008') ?? 1) > 1) return { ok: false, problem: { code: 'DICOM_MULTI_FRAME' } };
  const decode = decoder(data);
  const sex = clean(data.string('x00100040')).toUpperCase();
  return {
    ok: true,
    facts: {
      name: dicomPersonName(text(data, 'x00100010', decode)),
      birthDate: dicomDateToIso(data.string('x00100030')),
      gender: sex === 'M' || sex === 'F' ? sex : null,
      studyDate: dicomDateToIso(data.string('x00080020')),
    },
  };
}

/** True when the facts hold anything worth offering. */
export function hasFacts(facts: DicomPatientFacts): boolean {
  return facts.name !== null || facts.birthDate !== null || facts.gender !== null || facts.studyDate !== null;
}
