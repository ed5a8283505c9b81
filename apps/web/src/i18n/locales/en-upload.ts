/** English texts of the upload progress (docs/spec-points.md §4: new patient, add and change image). */
export const enUpload = {
  title: 'Processing images',
  step: {
    prepare: 'Preparing the chart…',
    upload: 'Uploading images… {{percent}}%',
    thumbnail: 'Saving thumbnails {{saved}}/{{expected}}',
    detect: 'AI landmark detection…',
    done: 'Done',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type UploadDictionary = Widen<typeof enUpload>;
