import dcmjs, { type NaturalDataset } from 'dcmjs';
import type { DicomSubject } from './dicom-subject';
import { IMPLEMENTATION_CLASS_UID, IMPLEMENTATION_VERSION_NAME, newUid } from './dicom-uids';

/** Explicit VR Little Endian: every object is written uncompressed in it (the PDF and the pixels as they are). */
export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

/** A written object's identity (what a PACS indexes it by) with its Part 10 bytes. */
export interface WrittenDicom {
  bytes: Buffer;
  sopClassUid: string;
  sopInstanceUid: string;
  seriesInstanceUid: string;
  studyInstanceUid: string;
}

/** DICOM DA and TM of a moment, in UTC (the files also say so: Timezone Offset From UTC +0000). */
export function dicomDateTime(now: Date): { date: string; time: string } {
  const iso = now.toISOString();
  return { date: iso.slice(0, 10).replace(/-/g, ''), time: `${iso.slice(11, 19).replace(/:/g, '')}.${iso.slice(20, 23)}` };
}

/**
 * Patient, General Study, General Equipment and SC Equipment modules and the SOP Common attributes
 * both objects share. Strings are UTF-8 (ISO_IR 192): a Korean, Japanese or Vietnamese name is kept
 * as it was, whatever character set the source film used.
 */
export function commonModules(subject: DicomSubject, now: Date): NaturalDataset {
  const { date, time } = dicomDateTime(now);
  return {
    SpecificCharacterSet: 'ISO_IR 192',
    InstanceCreationDate: date,
    InstanceCreationTime: time,
    TimezoneOffsetFromUTC: '+0000',
    // Patient module (Type 2: present, empty when unknown).
    PatientName: subject.patient.name,
    PatientID: subject.patient.id,
    PatientBirthDate: subject.patient.birthDate,
    PatientSex: subject.patient.sex,
    // General Study module.
    StudyInstanceUID: subject.study.instanceUid,
    StudyDate: subject.study.date,
    StudyTime: subject.study.time,
    ReferringPhysicianName: subject.study.referringPhysician,
    StudyID: subject.study.id,
    AccessionNumber: subject.study.accessionNumber,
    ...(subject.study.description !== '' && { StudyDescription: subject.study.description }),
    // General Equipment and SC Equipment: a workstation made this (WSD: Workstation).
    Manufacturer: 'Ceppro',
    ManufacturerModelName: 'Ceppro',
    ConversionType: 'WSD',
  };
}

/**
 * The data set as a DICOM Part 10 file (preamble, `DICM`, file meta group, then the data set in
 * Explicit VR Little Endian), with dcmjs (MIT). `_vrMap` in `dataset` names the VR of binary values.
 */
export function writePart10(dataset: NaturalDataset, sopClassUid: string, sopInstanceUid: string): Buffer {
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const meta = DicomMetaDictionary.denaturalizeDataset({
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: sopClassUid,
    MediaStorageSOPInstanceUID: sopInstanceUid,
    TransferSyntaxUID: EXPLICIT_VR_LITTLE_ENDIAN,
    ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
    ImplementationVersionName: IMPLEMENTATION_VERSION_NAME,
    _vrMap: { FileMetaInformationVersion: 'OB' },
  });
  const dict = new DicomDict(meta);
  dict.dict = DicomMetaDictionary.denaturalizeDataset({ ...dataset, SOPClassUID: sopClassUid, SOPInstanceUID: sopInstanceUid });
  return Buffer.from(dict.write());
}

/** The series a written object starts in the subject's study: its modality, number and description. */
export interface NewSeries {
  modality: string;
  number: number;
  description: string;
}

/**
 * Writes an object as the one instance of a new series of the subject's study, as both objects are: the
 * modules they share, the series (new uids, dated now), instance number 1 with its content dated now, and
 * `modules`, the object's own.
 */
export function writeNewInstance(
  subject: DicomSubject,
  now: Date,
  series: NewSeries,
  sopClassUid: string,
  modules: NaturalDataset,
): WrittenDicom {
  const seriesInstanceUid = newUid();
  const sopInstanceUid = newUid();
  const { date, time } = dicomDateTime(now);
  const dataset = {
    ...commonModules(subject, now),
    Modality: series.modality,
    SeriesInstanceUID: seriesInstanceUid,
    SeriesNumber: series.number,
    SeriesDate: date,
    SeriesTime: time,
    SeriesDescription: series.description,
    InstanceNumber: 1,
    ContentDate: date,
    ContentTime: time,
    ...modules,
  };
  return {
    bytes: writePart10(dataset, sopClassUid, sopInstanceUid),
    sopClassUid,
    sopInstanceUid,
    seriesInstanceUid,
    studyInstanceUid: subject.study.instanceUid,
  };
}

/** An ArrayBuffer of exactly these bytes (a Buffer may be a view into a larger, pooled one). */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}
