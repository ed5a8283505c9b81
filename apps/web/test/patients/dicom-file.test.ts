import { describe, expect, it } from 'vitest';
import { buildDicom, SOP, SYNTAX } from '../../../server/test/images/dicom-builder.ts';
import { fieldsToFill, prefillValues } from '../../src/features/patients/components/new-patient/dicom-prefill-offer.tsx';
import { isDicomFile, readDicomFile } from '../../src/features/patients/lib/dicom-file.ts';
import { imageFileProblem } from '../../src/features/patients/lib/image-file.ts';

/** The drop zones' DICOM reading: content sniffing, the facts offered, the refusals told up front. */
const pixels = new Uint8Array(64 * 64).fill(80);
const file = (bytes: Uint8Array, name = 'film') => new File([new Uint8Array(bytes)], name);

describe('DICOM files in the drop zones', () => {
  it('recognises DICOM by content, not by name', async () => {
    const dicom = buildDicom({ rows: 64, columns: 64, pixelData: Buffer.from(pixels) });
    expect(await isDicomFile(file(dicom, 'IMG0001'))).toBe(true);
    expect(await isDicomFile(file(new TextEncoder().encode('hello'.repeat(40)), 'fake.dcm'))).toBe(false);
    // A file that only claims to be DICOM is not taken as a picture either.
    expect(imageFileProblem({ name: 'fake.dcm', type: 'application/dicom', size: 10 })).toBe('notImage');
  });

  it('reads the name (UTF-8, family first), birth date, sex and study date', async () => {
    const dicom = buildDicom({
      rows: 64,
      columns: 64,
      pixelData: Buffer.from(pixels),
      charset: 'ISO_IR 192',
      patient: { name: '홍^길동', birthDate: '19900506', sex: 'F' },
      studyDate: '20240304',
    });
    const reading = await readDicomFile(file(dicom));
    expect(reading).toEqual({ ok: true, facts: { name: '홍길동', birthDate: '1990-05-06', gender: 'F', studyDate: '2024-03-04' } });
    const latin = await readDicomFile(
      file(
        buildDicom({
          rows: 64,
          columns: 64,
          pixelData: Buffer.from(pixels),
          patient: { name: 'Nguyen^Van Duc', birthDate: '2011-02-30', sex: 'O' },
        }),
      ),
    );
    expect(latin).toEqual({ ok: true, facts: { name: 'Nguyen Van Duc', birthDate: null, gender: null, studyDate: null } });
  });

  it.each([
    [
      'an unsupported syntax, named',
      buildDicom({ transferSyntax: SYNTAX.jpeg2000, rows: 64, columns: 64, pixelData: { encapsulated: [Buffer.alloc(10, 1)] } }),
      { code: 'DICOM_UNSUPPORTED_SYNTAX', syntax: 'JPEG 2000 (Lossless Only) (1.2.840.10008.1.2.4.90)' },
    ],
    ['no pixel data', buildDicom({ rows: 64, columns: 64 }), { code: 'DICOM_NO_PIXEL_DATA' }],
    [
      'several frames',
      buildDicom({ rows: 64, columns: 64, frames: 2, pixelData: Buffer.concat([Buffer.from(pixels), Buffer.from(pixels)]) }),
      { code: 'DICOM_MULTI_FRAME' },
    ],
    ['a report', buildDicom({ sopClass: SOP.basicTextSr, rows: 64, columns: 64 }), { code: 'DICOM_NOT_IMAGE' }],
  ])('refuses %s before anything is created', async (_label, bytes, problem) => {
    expect(await readDicomFile(file(bytes))).toEqual({ ok: false, problem });
  });

  it('offers to fill only the empty fields; what the user typed is kept', () => {
    const offered = prefillValues({ name: '홍길동', birthDate: '1990-05-06', gender: 'F', studyDate: '2024-03-04' });
    expect(offered).toEqual({ name: '홍길동', birth: '1990-05-06', gender: '1', shootDate: '2024-03-04' });
    expect(fieldsToFill(offered, { name: 'Kim', birth: '', gender: '', shootDate: '2024-01-01' })).toEqual({
      birth: '1990-05-06',
      gender: '1',
    });
    expect(
      fieldsToFill(prefillValues({ name: null, birthDate: null, gender: 'M', studyDate: null }), {
        name: '',
        birth: '',
        gender: '',
        shootDate: '',
      }),
    ).toEqual({ gender: '0' });
  });
});
