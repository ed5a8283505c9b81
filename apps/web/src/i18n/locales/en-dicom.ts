/** English texts of DICOM films: drop zones, the prefill offer, refusals, the calibration badge. */
export const enDicom = {
  drop: {
    types: 'JPG, PNG or DICOM',
    tag: 'DICOM file',
    size: '{{columns}} × {{rows}} px',
    spacing: 'Pixel spacing {{row}} × {{column}} mm',
    imagerSpacing: 'Imager pixel spacing {{row}} × {{column}} mm',
    noSpacing: 'No pixel spacing in the file',
    noPreview: 'No preview for this encoding: the film is shown after the upload.',
    reading: 'Reading the film…',
  },
  errors: {
    title: 'DICOM file not accepted',
    DICOM_UNREADABLE: 'This DICOM file could not be read. It may be damaged or use a pixel format that is not supported.',
    DICOM_UNSUPPORTED_SYNTAX:
      'This DICOM file uses the transfer syntax {{syntax}}, which is not supported. Export it ' +
      'uncompressed or as JPEG (baseline or lossless).',
    DICOM_NO_PIXEL_DATA: 'This DICOM file contains no image.',
    DICOM_MULTI_FRAME: 'This DICOM file holds several frames. Export the cephalogram as a single image.',
    DICOM_NOT_IMAGE: 'This DICOM file is not a radiograph (it may be a report or another kind of object).',
  },
  prefill: {
    title: 'Details found in the DICOM file',
    intro: 'Fill in the empty fields with these details? Anything you have typed is kept.',
    name: 'Name',
    birth: 'Birth date',
    gender: 'Gender',
    studyDate: 'Date of image',
    male: 'Male',
    female: 'Female',
    kept: 'you entered {{value}}: kept',
    use: 'Fill in',
    dismiss: 'Ignore',
  },
  calibration: {
    badge: 'DICOM · {{ppm}} px/mm',
    pixelSpacing: 'Pixel Spacing {{row}} × {{column}} mm',
    imagerSpacing: 'Imager Pixel Spacing {{row}} × {{column}} mm at the patient',
    magnification: 'divided by magnification {{factor}}',
    report: 'DICOM pixel spacing, {{ppm}} px/mm',
  },
};
export type DicomDictionary = typeof enDicom;
