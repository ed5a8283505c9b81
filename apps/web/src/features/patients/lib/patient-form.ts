import { MIN_BIRTH_DATE, PATIENT_NAME_MAX, todayIso } from '@ceppro/contract';
import { z } from 'zod';

/**
 * Form rules of the patient screens (docs/spec-points.md §5): name required, at most 30 characters; birth
 * date required, a real day from 1900-01-01 to today; gender required (0 male, 1 female in the form,
 * a boolean in GraphQL: true female); image dates optional, same range. Messages are the keys of
 * `patients.errors.*`.
 */
export const formErrorCodes = [
  'nameRequired',
  'nameTooLong',
  'birthRequired',
  'birthInvalid',
  'genderRequired',
  'dateInvalid',
  'cephRequired',
] as const;
export type FormErrorCode = (typeof formErrorCodes)[number];

export function isFormErrorCode(value: unknown): value is FormErrorCode {
  return (formErrorCodes as readonly unknown[]).includes(value);
}

/** yyyy-mm-dd of a real calendar day from 1900-01-01 to today. */
export function isDayInRange(value: string, today: string = todayIso()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value && value >= MIN_BIRTH_DATE && value <= today;
}

/** docs/spec-points.md §5: image shoot date field, max length 30. */
export const SHOOT_DATE_MAX_LENGTH = 30;

const nameSchema = z.string().trim().min(1, 'nameRequired').max(PATIENT_NAME_MAX, 'nameTooLong');
const birthSchema = z
  .string()
  .trim()
  .min(1, 'birthRequired')
  .refine((v) => isDayInRange(v), 'birthInvalid');
/** '' (no choice yet), '0' male, '1' female -> true when female. */
const genderSchema = z
  .string()
  .refine((v) => v === '0' || v === '1', 'genderRequired')
  .transform((v) => v === '1');
export const shootDateSchema = z
  .string()
  .trim()
  .max(SHOOT_DATE_MAX_LENGTH, 'dateInvalid')
  .refine((v) => v === '' || isDayInRange(v), 'dateInvalid');

const requiredImage = z.custom<File | null>((v) => v instanceof File, 'cephRequired').pipe(z.instanceof(File));
const optionalImage = z.instanceof(File).nullable();

/** Name, birthday and gender: the patient edit. */
export const patientFieldsSchema = z.object({ name: nameSchema, birth: birthSchema, gender: genderSchema });
export type PatientFieldsInput = z.input<typeof patientFieldsSchema>;
export type PatientFieldsValues = z.output<typeof patientFieldsSchema>;

/** The new-patient page: the patient fields, the image date and the two images. */
export const newPatientSchema = patientFieldsSchema.extend({ shootDate: shootDateSchema, ceph: requiredImage, face: optionalImage });
export type NewPatientInput = z.input<typeof newPatientSchema>;
export type NewPatientValues = z.output<typeof newPatientSchema>;

/** The modal's "Upload new image" form. */
export const uploadImageSchema = z.object({ shootDate: shootDateSchema, ceph: requiredImage, face: optionalImage });
export type UploadImageInput = z.input<typeof uploadImageSchema>;
export type UploadImageValues = z.output<typeof uploadImageSchema>;

export const genderFromBoolean = (female: boolean): '0' | '1' => (female ? '1' : '0');

/** The calendar opens 25 years back while no birth date is chosen (docs/spec-points.md §5). */
export function birthCalendarStart(now: Date = new Date()): string {
  return todayIso(new Date(now.getFullYear() - 25, now.getMonth(), 1));
}
