import { computeProfilogramResult, type ImagePoint, type LandmarkMap, type ProfilogramOptions } from '@ceppro/ceph';
import { profilogramOptionsOf, readProfilogramResult, type ProfilogramResult } from '@ceppro/contract';
import { useEffect, useMemo } from 'react';
import { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useProfilogramAuto, useProfilogramRecord, useSaveProfilogram } from '../api/use-profilogram-record.ts';

export type ProfilogramComputation = ReturnType<typeof computeProfilogramResult>;

/**
 * The open chart's profilogram: the stored result, its options (the spec's defaults when none), and
 * the result computed now from the landmarks shown and the film's calibration with those options.
 * `ready` once the landmarks of this record, the stored document, the calibration and the setting
 * are all loaded.
 */
export function useProfilogram() {
  const recordId = useLandmarkStore((s) => s.recordId);
  const positions = useLandmarkStore((s) => s.positions);
  const calibration = useFilmCalibration();
  const stored = useProfilogramRecord(recordId);
  const auto = useProfilogramAuto();
  const result = stored.data ?? null;
  const options = profilogramOptionsOf(result);
  const computed = useMemo(
    () => computeProfilogramResult(positions, calibration.calibration, options),
    [positions, calibration.calibration, options],
  );
  const ready = recordId !== null && stored.isSuccess && auto.isSuccess && !calibration.pending;
  return { recordId, positions, calibration, stored: result, options, computed, auto: auto.data ?? false, ready };
}

/** Two results are the same document (key order and -0 aside). */
export function sameResult(a: ProfilogramResult | null, b: ProfilogramResult | null): boolean {
  return JSON.stringify(readProfilogramResult(a)) === JSON.stringify(readProfilogramResult(b));
}

/**
 * Keeps the stored profilogram in step with the film (mounted with the viewer, see the overlay
 * layer): with "auto measurement" on, a chart with landmarks but no profilogram gets one; a stored
 * profilogram is recomputed and saved again whenever the landmarks or the calibration change it.
 */
export function useProfilogramSync(): void {
  const { recordId, stored, computed, auto, ready } = useProfilogram();
  const save = useSaveProfilogram();
  useEffect(() => {
    if (!ready || recordId === null || !computed.ok) return;
    if (stored === null ? !auto : sameResult(stored, computed.result)) return;
    save(recordId, computed.result);
  }, [ready, recordId, stored, computed, auto, save]);
}

/** Computes with `options` (the panel's controls, the "Measure" button). */
export function computeWith(
  positions: LandmarkMap<ImagePoint>,
  calibration: ReturnType<typeof useFilmCalibration>,
  options: ProfilogramOptions,
): ProfilogramComputation {
  return computeProfilogramResult(positions, calibration.calibration, options);
}
