import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../../../stores/popup-store.ts';
import { pushToast } from '../../../stores/toast-store.ts';
import { patientKeys } from '../api/query-keys.ts';
import type { DicomProblemCode } from '../lib/dicom-file.ts';
import {
  runUpload,
  UploadFailedError,
  type UploadImages,
  type UploadProgress,
  type UploadResult,
  type UploadTarget,
} from '../upload/index.ts';

export interface RunUpload {
  running: boolean;
  progress: UploadProgress | null;
  /** Resolves with the result, or null when the run failed (the user was told) or was cancelled. */
  start: (target: UploadTarget, images: UploadImages) => Promise<UploadResult | null>;
}

/**
 * Runs one upload through the pipeline (docs/spec-points.md §4) for the new-patient page and the modal's
 * upload form: progress while it runs, a success toast and a cache refresh when it ends, and on any
 * failure the "X-ray not recognized" popup with the check-X-ray text and a confirm button (spec
 * points 4 and 8), except an overloaded detection queue (429 AI_BUSY), which says to try again in N s. Leaving the
 * screen mid-run cancels it (the pipeline discards the draft).
 */
export function useRunUpload(): RunUpload {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (target: UploadTarget, images: UploadImages): Promise<UploadResult | null> => {
    if (controller.current !== null) return null;
    const run = new AbortController();
    controller.current = run;
    setRunning(true);
    setProgress(null);
    try {
      const result = await runUpload(target, images, setProgress, { signal: run.signal });
      pushToast({ kind: 'success', title: { key: `patients.upload.done.${target.mode}` }, text: '' });
      await Promise.all([
        client.invalidateQueries({ queryKey: patientKeys.all }),
        client.invalidateQueries({ queryKey: patientKeys.thumbnails }),
      ]);
      return result;
    } catch (error) {
      if (error instanceof UploadFailedError && error.cancelled) return null;
      if (!(error instanceof UploadFailedError)) console.warn('Upload failed', error);
      // An overloaded detection queue is not the film's fault: say so, and when to try again.
      const busy = error instanceof UploadFailedError && error.reason === 'busy';
      // A DICOM file the server cannot use: say why (the syntax named), not "check the X-ray".
      const dicom = error instanceof UploadFailedError && error.code?.startsWith('DICOM_') ? error : null;
      usePopupStore.getState().open({
        title: t(busy ? 'patients.upload.busyTitle' : dicom ? 'dicom.errors.title' : 'patients.upload.notRecognizedTitle'),
        text: busy
          ? t('patients.upload.busyRetry', { seconds: Math.max(1, error.retryAfterS ?? 30) })
          : dicom
            ? t(`dicom.errors.${dicom.code as DicomProblemCode}`, { syntax: /syntax (.+) is not supported/.exec(dicom.message)?.[1] ?? '' })
            : t('patients.upload.checkXray'),
        textConfirm: t('common.confirm'),
      });
      return null;
    } finally {
      controller.current = null;
      setRunning(false);
      setProgress(null);
    }
  };

  return { running, progress, start };
}
