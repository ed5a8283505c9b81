import { DICOM_CONTENT_TYPE, IMAGE_UPLOAD, type DicomPatientFacts } from '@ceppro/contract';
import { useEffect, useId, useImperativeHandle, useState, type DragEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, ImageIcon } from '../../../../components/icons.tsx';
import { useDicomPreview } from '../../hooks/use-dicom-preview.ts';
import { asDicomFile, isDicomFile, readDicomFile, type DicomProblem } from '../../lib/dicom-file.ts';
import { IMAGE_ACCEPT, imageFileProblem, type ImageFileProblem } from '../../lib/image-file.ts';
import { DicomPreview } from './dicom-preview.tsx';
import './drop-zone.css';

interface DropZoneProps {
  label: string;
  /** Prompt inside the empty zone. */
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  disabled?: boolean;
  /** data-testid of the zone; the file input gets `${testId}-input`, the clear button `${testId}-clear`. */
  testId: string;
  /** A DICOM file was taken: the patient facts it names (the form offers them, the user confirms). */
  onDicomFacts?: (facts: DicomPatientFacts) => void;
  /** Lets the owner hand the zone a file as if it were dropped (the PACS import): the same checks and offers. */
  handle?: Ref<DropZoneHandle>;
}

export interface DropZoneHandle {
  take(file: File): void;
}

/** A preview URL for the chosen image, revoked when the file changes or the zone goes away. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // A DICOM file is drawn from its pixel data instead (useDicomPreview).
    if (file === null || file.type === DICOM_CONTENT_TYPE || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * One image drop zone (docs/spec-points.md §2 and §5): drop a file or click to choose one; jpg/png image
 * files and DICOM files (by content, any name), anything else is refused with a message; shows the
 * preview (a DICOM film drawn from its pixels, or a card with its size and spacing when the browser
 * cannot draw it) and the file name, and can be cleared. The zone is a
 * label for the hidden file input, so clicks and browser tests (setInputFiles on the zone) reach
 * the input.
 */
export function DropZone({ label, hint, file, onChange, required, disabled, testId, onDicomFacts, handle }: DropZoneProps) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<ImageFileProblem | DicomProblem | null>(null);
  const [over, setOver] = useState(false);
  const preview = usePreview(file);
  const dicomPreview = useDicomPreview(file);
  const dicom = file?.type === DICOM_CONTENT_TYPE;

  const take = async (candidate: File | undefined) => {
    if (candidate === undefined || disabled) return;
    // A JPG/PNG by name and type is taken at once; anything else may be DICOM, read by content.
    const refused = imageFileProblem(candidate);
    if (refused === null) {
      setProblem(null);
      onChange(candidate);
      return;
    }
    if (refused === 'notImage' && (await isDicomFile(candidate))) {
      if (candidate.size > IMAGE_UPLOAD.maxBytes) {
        setProblem('tooLarge');
        return;
      }
      const reading = await readDicomFile(candidate);
      setProblem(reading.ok ? null : reading.problem);
      if (!reading.ok) return;
      onChange(asDicomFile(candidate));
      onDicomFacts?.(reading.facts);
      return;
    }
    setProblem(refused);
  };
  useImperativeHandle(handle, () => ({ take: (candidate: File) => void take(candidate) }));
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files[0]);
  };
  const problemText =
    problem === null
      ? null
      : typeof problem === 'string'
        ? t(`patients.drop.${problem}`)
        : t(`dicom.errors.${problem.code}`, { syntax: problem.syntax ?? '' });

  return (
    <div className={`drop-zone${problem ? ' drop-zone--invalid' : ''}`}>
      <span className="drop-zone__label" id={`${id}-label`}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <label
        htmlFor={id}
        className={[
          'drop-zone__area',
          over ? 'drop-zone__area--over' : '',
          file ? 'drop-zone__area--filled' : '',
          disabled ? 'drop-zone__area--disabled' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid={testId}
      >
        {file && preview ? (
          <img
            className="drop-zone__preview"
            src={preview}
            alt={t('patients.drop.previewOf', { name: file.name })}
            data-testid={`${testId}-preview`}
            data-kind="image"
          />
        ) : file && dicom ? (
          <DicomPreview name={file.name} preview={dicomPreview} testId={testId} />
        ) : (
          <span className="drop-zone__prompt">
            <ImageIcon width={30} height={30} />
            <span>{file ? file.name : hint}</span>
            {!file && <span className="drop-zone__types">{t('dicom.drop.types')}</span>}
          </span>
        )}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={IMAGE_ACCEPT}
        aria-labelledby={`${id}-label`}
        aria-describedby={problem ? `${id}-error` : undefined}
        disabled={disabled}
        onChange={(e) => {
          void take(e.target.files?.[0]);
          e.target.value = ''; // choosing the same file again still fires change
        }}
        data-testid={`${testId}-input`}
      />
      <div className="drop-zone__footer">
        <span className="drop-zone__name" title={file?.name} data-testid={`${testId}-name`}>
          {file ? file.name : t('patients.drop.noFile')}
        </span>
        {file && (
          <button
            type="button"
            className="drop-zone__clear"
            onClick={() => {
              setProblem(null);
              onChange(null);
            }}
            disabled={disabled}
            aria-label={t('patients.drop.clear', { label })}
            data-testid={`${testId}-clear`}
          >
            <CloseIcon width={14} height={14} />
            {t('patients.drop.clearShort')}
          </button>
        )}
      </div>
      {problem && (
        <p className="field__error" role="alert" id={`${id}-error`} data-testid={`${testId}-error`}>
          {problemText}
        </p>
      )}
    </div>
  );
}
