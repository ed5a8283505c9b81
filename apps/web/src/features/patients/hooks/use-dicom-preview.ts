import { DICOM_CONTENT_TYPE } from '@ceppro/contract';
import { useEffect, useState } from 'react';
import { pictureUrl, readDicomImage, type DicomImageFacts } from '../lib/dicom-preview.ts';

export interface DicomPreview {
  /** The header's picture facts; null while reading, or when the header has none. */
  facts: DicomImageFacts | null;
  /** A PNG object URL of the film (revoked when the file changes); null when the browser cannot draw it. */
  url: string | null;
  reading: boolean;
}

const NONE: DicomPreview = { facts: null, url: null, reading: false };

/** The drop zone's preview of a DICOM file (lib/dicom-preview.ts); nothing for any other file. */
export function useDicomPreview(file: File | null): DicomPreview {
  const [preview, setPreview] = useState<DicomPreview>(NONE);
  useEffect(() => {
    if (file === null || file.type !== DICOM_CONTENT_TYPE) {
      setPreview(NONE);
      return undefined;
    }
    let live = true;
    let url: string | null = null;
    setPreview({ ...NONE, reading: true });
    void (async () => {
      const image = readDicomImage(new Uint8Array(await file.arrayBuffer()));
      url = image?.picture ? await pictureUrl(image.picture) : null;
      if (!live) {
        if (url !== null) URL.revokeObjectURL(url);
        return;
      }
      setPreview({ facts: image?.facts ?? null, url, reading: false });
    })().catch(() => {
      if (live) setPreview(NONE);
    });
    return () => {
      live = false;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [file]);
  return preview;
}
