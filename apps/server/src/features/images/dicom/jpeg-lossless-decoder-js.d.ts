// The package ships JavaScript only; this is the part of its API the DICOM reader uses.
declare module 'jpeg-lossless-decoder-js' {
  export class Decoder {
    constructor(buffer?: ArrayBuffer | null, numBytes?: number);
    /** Decodes one JPEG Lossless (process 14) stream; 16-bit samples for precision over 8. */
    decode(buffer: ArrayBuffer, offset: number, length: number, numBytes?: number): Uint8Array | Uint16Array;
    numComp: number;
    xDim: number;
    yDim: number;
  }
}
