import { computeProfilogramResult, type ImagePoint, type LandmarkMap, type ProfilogramOptions } from '@ceppro/ceph';
import { profilogramDocument, profilogramOptionsOf } from '@ceppro/contract';
import { useEffect, useMemo } from 'react';
import { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useProfilogramAuto, useProfilogramRecord, useSaveProfilogram } from '../api/use-profilogram-record.ts';

export type ProfilogramComputation = ReturnType<typeof computeProfilogramResult>;

/**
 * The open chart's profilogram: the stored document (the user's options only; null: not measured),
 * its options (the spec's defaults when none), and the profilogram computed now from the landmarks
 * shown and the film's calibration with those options: the polylines and deviations are derived
 * where they are shown, never stored (docs/house-rules.md §3). `measured`: a document is stored, or
 * "auto measurement on profilogram" is on. `ready` once the landmarks of this record, the stored
 * document, the calibration and the setting are all loaded.
 */
export function useProfilogram() {
  const recordId = useLandmarkStore((s) => s.recordId);
  const positions = useLandmarkStore((s) => s.positions);
  const calibration = useFilmCalibration();
  const stored = useProfilogramRecord(recordId);
  const auto = useProfilogramAuto();
  const document = stored.data ?? null;
  const options = profilogramOptionsOf(document);
  const computed = useMemo(
    () => computeProfilogramResult(positions, calibration.calibration, options),
    [positions, calibration.calibration, options],
  );
  const ready = recordId !== null && stored.isSuccess && auto.isSuccess && !calibration.pending;
  return { recordId, positions, calibration, stored: document, options, computed, auto: auto.data ?? false, ready };
}

/**
 * "Auto measurement on profilogram" (Settings): a chart whose landmarks give a profilogram but that
 * was never measured is measured with the default options, as if the user had pressed "Measure":
 * that choice is stored once (so the report prints it too). Nothing derived is stored, so nothing is
 * saved again when the landmarks or the calibration change; a chart already measured is left alone.
 */
export function useProfilogramAutoMeasure(): void {
  const { recordId, stored, computed, auto, ready, options } = useProfilogram();
  const save = useSaveProfilogram();
  const due = ready && recordId !== null && stored === null && auto && computed.ok;
  useEffect(() => {
    if (due && recordId !== null) save(recordId, profilogramDocument(options));
  }, [due, recordId, options, save]);
}

/** Computes with `options` (the panel's controls, the "Measure" button). */
export function computeWith(
  positions: LandmarkMap<ImagePoint>,
  calibration: ReturnType<typeof useFilmCalibration>,
  options: ProfilogramOptions,
): ProfilogramComputation {
  return computeProfilogramResult(positions, calibration.calibration, options);
}
