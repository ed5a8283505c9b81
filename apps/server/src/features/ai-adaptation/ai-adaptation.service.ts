import {
  ADAPTATION_RULES,
  buildProfile,
  DEFINABLE_LANDMARKS,
  EMPTY_PROFILE,
  learnFromFilm,
  measureLength,
  NOMINAL_SN_MM,
  shiftInMm,
  type AdaptationProfile,
  type DefinitionProfile,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
  type LearnedShift,
} from '@ceppro/ceph';
import {
  aiAdaptationSchema,
  parseRulerInfo,
  readRecordLandmarks,
  resolveCalibration,
  type AiAdaptation,
  type AiAdaptationUpdate,
} from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import { actorFor, asActor, type Actor, type ActorRef } from '../../access/index';
import type { Clock } from '../../clock';
import { dicomCalibrationOfRow } from '../images';
import type { AdaptationOwner, AdaptationProfileRow, AiAdaptationRepository, OwnerTransaction } from './ai-adaptation.repository';
import {
  correctionUnder,
  readStoredCorrection,
  readStoredDefinitions,
  readStoredProfile,
  toStoredCorrection,
  toStoredDefinitions,
  toStoredProfile,
  type DefinitionBases,
} from './ai-adaptation.schemas';

/** A landmark save as the analysis record stores it: which film, the model's result and the user's. */
export interface LandmarkSave {
  chartRef: number;
  /** The chart data row (cephalogram) the landmarks were placed on; null: the chart's live cephalogram. */
  filmId: number | null;
  inferResult: unknown;
  /** The saved `modified_result`; null when the user's edits were cleared ("reset to AI"). */
  modifiedResult: unknown;
  rulerInfo: unknown;
}

/** What a detection of an account applies: its landmark definitions, then its learned shifts (null: none). */
export interface DetectionChoices {
  readonly definitions: DefinitionProfile;
  readonly profile: AdaptationProfile | null;
}

/**
 * Clinic adaptation (packages/ceph adaptation/): every landmark save on a film the model placed
 * teaches the owner's profile what the user corrected; each new detection of the owner applies it
 * while it is switched on. The rules of what a film teaches and how films combine are the domain's
 * (`learnFromFilm`, `buildProfile`), called here exactly as the evaluation calls them. The owner's
 * landmark definitions (packages/ceph definitions/) live on the same row: a detection applies them
 * first, and the shifts are learned and added relative to the defined points. Every access goes
 * through `ownerOf(actor)`: in a clinic the clinic's profile (every member's saves teach it, every
 * member's detections apply it; changing it is `ai_profile.manage`, the owner's), in a personal space
 * the account's own, so no account reads or teaches another space's profile.
 */
export function createAiAdaptationService(deps: { repository: AiAdaptationRepository; clock: Clock; log: FastifyBaseLogger }) {
  const { repository, clock, log } = deps;
  const now = () => new Date(clock.now());

  /**
   * The film's S-N in mm from the user's final S and N, when the film is calibrated (ruler, DICOM,
   * default PPM: as the viewer measures); display only.
   */
  async function filmSnMm(userId: number, filmId: number, rulerInfo: unknown, positions: LandmarkMap<ImagePoint>): Promise<number | null> {
    const { S: s, N: n } = positions;
    if (!s || !n) return null;
    const ruler = parseRulerInfo(rulerInfo);
    const other = ruler ? null : await repository.filmCalibration(userId, filmId);
    const { calibration } = resolveCalibration(ruler, other?.defaultPpm ?? null, dicomCalibrationOfRow(other?.dicomInfo ?? null));
    const length = measureLength(s, n, calibration);
    return length.unit === 'mm' && length.value > 0 ? length.value : null;
  }

  /**
   * Rebuilds the owner's profile from its newest stored films (inside the owner's lock), each as it
   * counts under the owner's current definitions (`correctionUnder`).
   */
  async function rebuild(tx: OwnerTransaction, at: Date): Promise<void> {
    const definitions = readStoredDefinitions((await tx.profileRow()).definitions);
    const corrections = (await tx.newestFilms(ADAPTATION_RULES.maxFilms)).flatMap((json) => {
      const stored = readStoredCorrection(json);
      return (stored && correctionUnder(stored, definitions)) ?? [];
    });
    const profile = buildProfile(corrections);
    const learned = profile.films > 0;
    await tx.saveProfile(learned ? toStoredProfile(profile) : null, profile.films, learned ? at : null, at);
  }

  async function learn(actor: Actor, save: LandmarkSave): Promise<void> {
    const record = readRecordLandmarks(save.inferResult, save.modifiedResult);
    // Only a film the model placed teaches anything; hand-placed films are the user's alone.
    if (record.model === null) return;
    // The base a correction is measured from: the defined point where a definition was applied,
    // else the model's own. Its definition goes with the film's lesson (`correctionUnder`).
    const base: LandmarkMap<ImagePoint> = {};
    const shown: LandmarkMap<ImagePoint> = {};
    const bases: DefinitionBases = {};
    for (const [id, l] of Object.entries(record.ai) as Array<[LandmarkId, NonNullable<(typeof record.ai)[LandmarkId]>]>) {
      base[id] = l.definition?.point ?? l.raw ?? l.point;
      shown[id] = l.point;
    }
    for (const id of DEFINABLE_LANDMARKS) {
      const choice = record.ai[id]?.definition?.choice;
      if (choice !== undefined) bases[id] = choice;
    }
    const filmId = save.filmId ?? (await repository.liveCephalogram(save.chartRef))?.id;
    if (filmId === undefined) return;
    const snMm = Object.keys(record.edited).length > 0 ? await filmSnMm(actor.userId, filmId, save.rulerInfo, record.positions) : null;
    const outcome = learnFromFilm(base, shown, record.edited, snMm);
    const owner = repository.ownerOf(actor);
    await repository.lockedForOwner(owner, async (tx) => {
      // A re-save replaces the film's lesson; a film that now teaches nothing (points put back,
      // a whole-film move) loses it. Either way the film counts at most once.
      const previous = await tx.deleteFilm(filmId);
      if (outcome.status !== 'learned' && !previous) return;
      const at = now();
      if (outcome.status === 'learned') {
        await tx.insertFilm(filmId, toStoredCorrection(outcome.correction, bases), previous?.createdAt ?? at, at);
      }
      await rebuild(tx, at);
    });
  }

  async function answer(owner: AdaptationOwner): Promise<AiAdaptation> {
    const row = await repository.findProfile(owner);
    return toAnswer(row);
  }

  return {
    /**
     * Learns from a landmark save. Never throws: the save is already stored and must succeed as
     * before; a failure is logged at error level (ids only) and the film is learned at its next save.
     */
    async learnFromSave(ref: ActorRef, save: LandmarkSave): Promise<void> {
      const actor = asActor(ref);
      try {
        await learn(actor, save);
      } catch (error) {
        log.error({ err: error, userId: actor.userId, chartRef: save.chartRef }, 'clinic adaptation could not learn from a landmark save');
      }
    },

    /**
     * What a detection in the actor's space applies (one read by key): the owner's definitions (the
     * defaults without a row), and the learned profile, null when switched off, nothing learned, or unreadable.
     */
    async forDetection(ref: ActorRef): Promise<DetectionChoices> {
      const row = await repository.findProfile(repository.ownerOf(asActor(ref)));
      const definitions = readStoredDefinitions(row?.definitions ?? null);
      const profile = row?.enabled ? readStoredProfile(row.profile) : null;
      return { definitions, profile: profile && Object.keys(profile.landmarks).length > 0 ? profile : null };
    },

    /** The space's profile, for anyone working in it (what their detections apply). */
    async get(ref: ActorRef): Promise<AiAdaptation> {
      return answer(repository.ownerOf(asActor(ref)));
    },

    /**
     * The switch (learning goes on while it is off) and / or the definitions (only the landmarks
     * given change). Changing a definition keeps every learned film: the profile is rebuilt from the
     * lessons measured from the definitions now chosen (`rebuild`), the others wait in their rows.
     */
    async update(ref: ActorRef, input: AiAdaptationUpdate): Promise<AiAdaptation> {
      const owner = repository.ownerOf(actorFor(ref, 'ai_profile.manage'));
      await repository.lockedForOwner(owner, async (tx) => {
        const at = now();
        const before = readStoredDefinitions((await tx.profileRow()).definitions);
        const after: DefinitionProfile = { ...before, ...input.definitions };
        const changed = DEFINABLE_LANDMARKS.some((id) => before[id] !== after[id]);
        await tx.setChoices({ enabled: input.enabled, ...(changed && { definitions: toStoredDefinitions(after) }) }, at);
        if (changed) await rebuild(tx, at);
      });
      return answer(owner);
    },

    /** "Reset": forgets every learned film; the switch stays as it was. */
    async reset(ref: ActorRef): Promise<AiAdaptation> {
      const owner = repository.ownerOf(actorFor(ref, 'ai_profile.manage'));
      await repository.lockedForOwner(owner, async (tx) => {
        await tx.deleteAllFilms();
        await tx.saveProfile(null, 0, null, now());
      });
      return answer(owner);
    },
  };
}

/** The contract's answer: shifts in mm (the calibrated films' median S-N, else nominal), largest first. */
function toAnswer(row: AdaptationProfileRow | undefined): AiAdaptation {
  const profile = readStoredProfile(row?.profile ?? null) ?? EMPTY_PROFILE;
  const landmarks = (Object.entries(profile.landmarks) as Array<[LandmarkId, LearnedShift]>)
    .map(([id, shift]) => {
      const mm = shiftInMm(profile, shift);
      return { id, anterior_mm: mm.anterior, inferior_mm: mm.inferior, length_mm: mm.length, films: shift.films };
    })
    .sort((a, b) => b.length_mm - a.length_mm || a.id.localeCompare(b.id));
  return aiAdaptationSchema.parse({
    enabled: row?.enabled ?? true,
    definitions: readStoredDefinitions(row?.definitions ?? null),
    films: profile.films,
    updated_at: profile.films > 0 ? (row?.learnedAt?.toISOString() ?? null) : null,
    sn_mm: profile.snMm !== null ? { value: profile.snMm, source: 'calibrated' } : { value: NOMINAL_SN_MM, source: 'nominal' },
    landmarks,
  });
}

export type AiAdaptationService = ReturnType<typeof createAiAdaptationService>;
