import {
  applyAffine,
  composeAffine,
  IDENTITY_AFFINE,
  invertAffine,
  superimpose,
  type Affine2,
  type LandmarkId,
  type RegisteredTracing,
  type SuperimpositionMethod,
} from '@ceppro/ceph';
import { SUPERIMPOSITION_TOO_FEW_MESSAGE, type SuperimpositionMethodId, type SuperimpositionResponse } from '@ceppro/contract';
import { actorFor, type ActorRef } from '../../access/index';
import { AppError } from '../../errors/app-error';
import { filmModel, type FilmModel } from './film-model';
import type { PlanningChart, PlanningRepository } from './planning.repository';

const MAX_FILMS = 4;

const METHODS: Record<SuperimpositionMethodId, SuperimpositionMethod> = {
  'sn-at-s': { kind: 'sn-at-s' },
  // Rigid: films of one patient on one machine share the magnification; scale would hide growth.
  'best-fit': { kind: 'best-fit' },
  maxilla: { kind: 'maxilla' },
  mandible: { kind: 'mandible' },
};

/** Films without a shoot date sort after every dated one (ISO dates compare as strings). */
const UNDATED = '9999-12-31';

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;
const roundAffine = (t: Affine2): Affine2 => ({
  a: round(t.a, 8),
  b: round(t.b, 8),
  c: round(t.c, 8),
  d: round(t.d, 8),
  tx: round(t.tx),
  ty: round(t.ty),
});

/**
 * `POST /ai_api/superimposition`: registers 2–4 cephalograms of one patient with packages/ceph
 * `superimpose` and answers every film's transform into the frame film's pixels, its landmarks
 * there, and the landmark movements between consecutive films (patient frame, mm when every film
 * is calibrated). Ownership first: one chart that is not the caller's makes the whole request
 * NOT_FOUND, whatever else is wrong with it.
 */
export function createSuperimpositionService(deps: { planning: PlanningRepository }) {
  const { planning } = deps;
  return {
    /**
     * Of these charts, the ones the caller can still read (live, in their space), in the order given: a
     * stored choice of films may name one deleted since, which the viewer and the report then leave out.
     */
    async liveChartIds(ref: ActorRef, chartIds: readonly string[]): Promise<string[]> {
      const owned = new Set((await planning.findOwnedCharts(actorFor(ref, 'analysis.read'), [...new Set(chartIds)])).map((c) => c.chartId));
      return chartIds.filter((id) => owned.has(id));
    },

    /** A view of saved films and landmarks (`analysis.read`): saving it as planning is an analysis record save. */
    async superimpose(
      ref: ActorRef,
      request: { chart_ids: string[]; method: SuperimpositionMethodId; frame_chart_id?: string | undefined },
    ): Promise<SuperimpositionResponse> {
      const ids = [...new Set(request.chart_ids)];
      if (ids.length < 2) throw new AppError('SUPERIMPOSITION_TOO_FEW', SUPERIMPOSITION_TOO_FEW_MESSAGE, { field: 'chart_ids' });
      if (ids.length > MAX_FILMS) throw new AppError('SUPERIMPOSITION_TOO_MANY', undefined, { field: 'chart_ids' });
      if (request.frame_chart_id !== undefined && !ids.includes(request.frame_chart_id)) {
        throw new AppError('VALIDATION_FAILED', 'frame_chart_id must be one of chart_ids.', { field: 'frame_chart_id' });
      }
      const actor = actorFor(ref, 'analysis.read');
      const owned = await planning.findOwnedCharts(actor, ids);
      if (owned.length !== ids.length) throw new AppError('NOT_FOUND');
      if (new Set(owned.map((c) => c.patientRef)).size !== 1) throw new AppError('SUPERIMPOSITION_PATIENT_MISMATCH');

      const defaultPpm = await planning.defaultPpm(actor.userId);
      const films = new Map<string, { chart: PlanningChart; film: FilmModel }>();
      for (const chart of owned) {
        const [image, record] = await Promise.all([planning.cephalogram(chart.ref), planning.analysisRecord(chart.ref)]);
        if (!image) throw new AppError('SUPERIMPOSITION_NO_LANDMARKS', 'An X-ray image of the selection has no cephalogram.');
        const film = filmModel(image, record, defaultPpm);
        if (Object.keys(film.landmarks).length === 0) throw new AppError('SUPERIMPOSITION_NO_LANDMARKS');
        films.set(chart.chartId, { chart, film });
      }

      const method = METHODS[request.method];
      const result = superimpose(
        [...films.entries()].map(([id, { film }]) => ({
          id,
          date: film.image.shootDate ?? UNDATED,
          landmarks: film.landmarks,
          calibration: film.calibration,
        })),
        method,
      );
      // Only a film missing the registration landmarks gets here: the count was checked above.
      if (!result.ok) throw new AppError('SUPERIMPOSITION_NO_LANDMARKS', `Cannot register the films: ${result.error}.`);

      const frameId = request.frame_chart_id ?? result.referenceId;
      const frame = result.tracings.find((t) => t.id === frameId) as RegisteredTracing;
      // Reference pixels -> frame pixels (identity when the frame is the reference).
      const refToFrame = frameId === result.referenceId ? IDENTITY_AFFINE : invertAffine(frame.transformImage);
      if (refToFrame === null) throw new AppError('INTERNAL');

      const out: SuperimpositionResponse['films'] = result.tracings.map((t) => {
        const { film } = films.get(t.id) as { film: FilmModel };
        const toFrame = composeAffine(refToFrame, t.transformImage);
        return {
          chart_id: t.id,
          chart_data_id: film.image.id,
          shoot_date: film.image.shootDate,
          colour: t.colour,
          image: film.size,
          transform: roundAffine(toFrame),
          registered_on: [...t.registeredOn],
          rms_residual: round(t.rmsResidual),
          landmarks: (Object.entries(film.landmarks) as [LandmarkId, { x: number; y: number }][]).map(([id, p]) => {
            const q = applyAffine(toFrame, p);
            return { id, x: round(q.x), y: round(q.y) };
          }),
        };
      });
      return { method: request.method, unit: result.unit, frame_chart_id: frameId, films: out, movements: movements(result.tracings) };
    },
  };
}

/**
 * Landmark movement from each film to the next newer one: the difference of their registered
 * positions in the reference film's patient frame (x anterior, y superior), for landmarks both have.
 */
function movements(tracings: readonly RegisteredTracing[]): SuperimpositionResponse['movements'] {
  const out: SuperimpositionResponse['movements'] = [];
  for (let i = 1; i < tracings.length; i += 1) {
    const from = tracings[i - 1] as RegisteredTracing;
    const to = tracings[i] as RegisteredTracing;
    const before = new Map(from.displacements.map((d) => [d.id, d]));
    for (const d of to.displacements) {
      const b = before.get(d.id);
      if (!b) continue;
      const dx = d.dx - b.dx;
      const dy = d.dy - b.dy;
      out.push({ id: d.id, from_chart_id: from.id, to_chart_id: to.id, dx: round(dx), dy: round(dy), distance: round(Math.hypot(dx, dy)) });
    }
  }
  return out;
}

export type SuperimpositionService = ReturnType<typeof createSuperimpositionService>;
