/** English texts of the PACS import (features/patients/pacs). */
export const enPacs = {
  open: 'Search PACS',
  title: 'Search the PACS',
  hint:
    'Search by patient name (any part of it, e.g. "hong gil"), patient ID, study date or modality, ' +
    'then open a study and import its cephalogram.',
  searching: 'Searching…',
  noResults: 'No studies match this search.',
  truncated: 'Only the first {{count}} studies are shown: narrow the search.',
  showImages: 'Show images',
  hideImages: 'Hide images',
  form: {
    server: 'PACS',
    name: 'Patient name',
    patientId: 'Patient ID',
    from: 'Study date from',
    to: 'Study date to',
    modality: 'Modality',
    anyModality: 'Any',
    search: 'Search',
    badDate: 'Enter the date as YYYY-MM-DD.',
    dateOrder: 'The end date is before the start date.',
  },
  columns: {
    patient: 'Patient',
    id: 'Patient ID',
    date: 'Study date',
    description: 'Description',
    modality: 'Modality',
    images: 'Images',
    open: 'Series',
  },
  series: {
    loading: 'Loading the series…',
    none: 'This study has no series.',
    title: 'Series {{number}} ({{modality}})',
    titleUnnumbered: 'Series ({{modality}})',
    thumbnailOf: 'Preview of {{description}}',
    noPreview: 'No preview',
    import: 'Import',
    importNumbered: 'Import image {{number}}',
    importing: 'Importing…',
    notImage: 'Not an image (a report or document): cannot be imported',
  },
  errors: {
    PACS_UNAVAILABLE: 'The PACS cannot be reached right now. Check that it is running and connected, then try again.',
    PACS_TIMEOUT: 'The PACS is taking too long to answer. Try again in a moment, or narrow the search.',
    PACS_AUTH: 'The PACS refused the user name or password set up for it. Ask your administrator to check the PACS settings.',
    PACS_BAD_ANSWER: 'The PACS sent an answer Ceppro could not read.',
    PACS_NOT_FOUND: 'The PACS no longer has this study or image.',
    IMAGE_TOO_LARGE: 'This image is larger than 30 MB and cannot be imported.',
    RATE_LIMITED: 'Too many PACS requests at once. Try again in a moment.',
    generic: 'The PACS request did not succeed. Try again.',
  },
};

export type PacsDictionary = typeof enPacs;
