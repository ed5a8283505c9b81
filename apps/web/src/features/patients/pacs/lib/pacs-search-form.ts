import { isCalendarDate, type PacsStudySearchRequest } from '@ceppro/contract';
import { z } from 'zod';

/** The PACS search form (react-hook-form): empty fields mean "any". */
export const pacsSearchFormSchema = z
  .object({
    server: z.string().min(1),
    name: z.string().trim().max(64),
    patientId: z.string().trim().max(64),
    from: z.string().refine((v) => v === '' || isCalendarDate(v), 'pacs.form.badDate'),
    to: z.string().refine((v) => v === '' || isCalendarDate(v), 'pacs.form.badDate'),
    modality: z.string(),
  })
  .refine((v) => v.from === '' || v.to === '' || v.from <= v.to, { message: 'pacs.form.dateOrder', path: ['to'] });
export type PacsSearchForm = z.infer<typeof pacsSearchFormSchema>;

/** Modalities a cephalogram is stored under (CR, DX), and the others a dental PACS holds. */
export const PACS_MODALITIES = ['CR', 'DX', 'PX', 'IO', 'OT'] as const;

export function toSearchRequest(form: PacsSearchForm): PacsStudySearchRequest {
  return {
    server: form.server,
    ...(form.name !== '' && { patient_name: form.name }),
    ...(form.patientId !== '' && { patient_id: form.patientId }),
    ...(form.from !== '' && { date_from: form.from }),
    ...(form.to !== '' && { date_to: form.to }),
    ...(form.modality !== '' && { modality: form.modality }),
  };
}
