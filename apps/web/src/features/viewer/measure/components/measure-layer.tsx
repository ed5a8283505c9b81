import { freeMeasurementValue } from '@ceppro/ceph';
import { formatFreeMeasurement, type FreeMeasurement } from '@ceppro/contract';
import { useEffect } from 'react';
import { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useChangeMeasurements, useMeasurements } from '../api/use-measurements.ts';
import { useMeasureStore } from '../store/measure-store.ts';

type Point = { x: number; y: number };

function Marker({ at }: { at: Point }) {
  return (
    <g transform={`translate(${at.x} ${at.y})`}>
      <g className="analysis-marker">
        <circle className="measure-layer__point" r={3.5} />
      </g>
    </g>
  );
}

function Label({ at, text, testId }: { at: Point; text: string; testId?: string }) {
  return (
    <g transform={`translate(${at.x} ${at.y})`}>
      <g className="analysis-marker">
        <text className="measure-layer__label" x={8} y={-8} data-testid={testId}>
          {text}
        </text>
      </g>
    </g>
  );
}

function Shape({ points }: { points: readonly Point[] }) {
  return (
    <>
      {points.length > 1 && (
        <polyline className="measure-layer__line" points={points.map((p) => `${p.x},${p.y}`).join(' ')} vectorEffect="non-scaling-stroke" />
      )}
      {points.map((p, i) => (
        <Marker key={i} at={p} />
      ))}
    </>
  );
}

/** Where a measurement's value is written: the middle of a distance, the vertex of an angle. */
const labelAt = (m: FreeMeasurement): Point =>
  m.kind === 'angle' ? m.points[1] : { x: (m.points[0].x + m.points[1].x) / 2, y: (m.points[0].y + m.points[1].y) / 2 };

/**
 * Overlay layer: the chart's free distance and angle measurements with their values (mm on a
 * calibrated film, else px), and the one being clicked. Image px of the original upload. It also
 * stores a measurement finished on the film (the tool hands it over through the store).
 */
export function MeasureLayer() {
  const recordId = useLandmarkStore((s) => s.recordId);
  const items = useMeasurements(recordId).data ?? [];
  const draft = useMeasureStore((s) => s.draft);
  const finished = useMeasureStore((s) => s.finished);
  const change = useChangeMeasurements(recordId);
  const { calibration } = useFilmCalibration();

  useEffect(() => {
    if (finished === null) return;
    useMeasureStore.getState().clearFinished();
    change((list) => [...list, finished]);
  }, [finished, change]);
  // An unfinished measurement belongs to the film it was started on.
  useEffect(() => () => useMeasureStore.getState().cancel(), [recordId]);

  return (
    <g className="measure-layer" data-testid="measure-layer">
      {items.map((m) => (
        <g key={m.id} data-testid="measure-item" data-kind={m.kind} data-points={JSON.stringify(m.points)}>
          <Shape points={m.points} />
          <Label
            at={labelAt(m)}
            text={`${m.name ? `${m.name}: ` : ''}${formatFreeMeasurement(freeMeasurementValue(m, calibration))}`}
            testId={`measure-label-${m.id}`}
          />
        </g>
      ))}
      {draft !== null && (
        <g className="measure-layer--draft" data-testid="measure-draft">
          <Shape points={draft.points} />
        </g>
      )}
    </g>
  );
}
