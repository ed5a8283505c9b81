// dcmjs (MIT) ships JavaScript only; this is the part of its API the DICOM writers and their tests use.
declare module 'dcmjs' {
  /** A data set in dcmjs' "naturalized" form: keywords as keys, sequences as arrays of data sets. */
  export type NaturalDataset = Record<string, unknown>;
  /** A data set in dcmjs' tag form: `{ '00100010': { vr: 'PN', Value: [...] } }`. */
  export type TagDataset = Record<string, { vr: string; Value?: unknown[] }>;

  export class DicomDict {
    constructor(meta: TagDataset);
    meta: TagDataset;
    dict: TagDataset;
    write(options?: { allowInvalidVRLength?: boolean }): ArrayBuffer;
  }

  export class DicomMessage {
    static readFile(
      buffer: ArrayBuffer,
      options?: { ignoreErrors?: boolean; untilTag?: string | null; includeUntilTagValue?: boolean; noCopy?: boolean },
    ): DicomDict;
  }

  export class DicomMetaDictionary {
    static naturalizeDataset(dataset: TagDataset): NaturalDataset;
    static denaturalizeDataset(dataset: NaturalDataset): TagDataset;
  }

  const dcmjs: {
    data: { DicomDict: typeof DicomDict; DicomMessage: typeof DicomMessage; DicomMetaDictionary: typeof DicomMetaDictionary };
  };
  export default dcmjs;
}
