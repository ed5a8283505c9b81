import type { LandmarkId } from '../landmarks/types.ts';

/**
 * Landmark definitions where schools differ (issue Step 14, item 2). The model is trained on ISBI 2015
 * films and outputs the ISBI definition of each point; a clinic may prefer another definition, which the
 * server derives deterministically from the detected points and the film (docs/landmark-definitions.md).
 */

/** Porion: top of the external auditory meatus (`anatomical`, the model's output) or top of the ear-rod ring (`machine`). */
export type PorionDefinition = 'anatomical' | 'machine';
/**
 * Gonion: the model's point on the angle (`anatomical`); where the bisector of the angle between the ramus
 * tangent and the lower-border tangent meets the angle contour (`constructed`); the tangents' intersection
 * (`tangent-intersection`, lies outside the bone).
 */
export type GonionDefinition = 'anatomical' | 'constructed' | 'tangent-intersection';
/**
 * Menton: the model's point, the most inferior symphysis point as ISBI annotators marked it (`isbi`), or the
 * lowest point of the symphysis outline measured perpendicular to the constructed horizontal SN−7° (`lowest`).
 */
export type MentonDefinition = 'isbi' | 'lowest';

/** A clinic's choice per landmark. Plain data (stored JSON is validated by the contract's schema). */
export interface DefinitionProfile {
  readonly Po: PorionDefinition;
  readonly Go: GonionDefinition;
  readonly Me: MentonDefinition;
}

/** The landmarks that have alternative definitions. */
export type DefinableLandmarkId = keyof DefinitionProfile & LandmarkId;

/** One selectable definition: its id and the i18n keys of its label and one-sentence description. */
export interface DefinitionChoice<C extends string = string> {
  readonly id: C;
  readonly labelKey: string;
  readonly descriptionKey: string;
  /** True when the choice is the model's own output (nothing is computed from the image). */
  readonly modelOutput: boolean;
}

/** Registry entry of one landmark: its choices (in display order) and the default. */
export interface LandmarkDefinitionChoices<C extends string = string> {
  readonly landmark: LandmarkId;
  readonly choices: readonly DefinitionChoice<C>[];
  readonly defaultChoice: C;
}

function choice<C extends string>(landmark: LandmarkId, id: C, modelOutput: boolean): DefinitionChoice<C> {
  const key = `definitions.${landmark}.${id}`;
  return { id, labelKey: `${key}.label`, descriptionKey: `${key}.description`, modelOutput };
}

/** Landmark id -> its definition choices and default (the default is always the model's output). */
export const LANDMARK_DEFINITION_CHOICES: {
  readonly Po: LandmarkDefinitionChoices<PorionDefinition>;
  readonly Go: LandmarkDefinitionChoices<GonionDefinition>;
  readonly Me: LandmarkDefinitionChoices<MentonDefinition>;
} = {
  Po: { landmark: 'Po', choices: [choice('Po', 'anatomical', true), choice('Po', 'machine', false)], defaultChoice: 'anatomical' },
  Go: {
    landmark: 'Go',
    choices: [choice('Go', 'anatomical', true), choice('Go', 'constructed', false), choice('Go', 'tangent-intersection', false)],
    defaultChoice: 'anatomical',
  },
  Me: { landmark: 'Me', choices: [choice('Me', 'isbi', true), choice('Me', 'lowest', false)], defaultChoice: 'isbi' },
};

/** The landmarks of `LANDMARK_DEFINITION_CHOICES`, in display order. */
export const DEFINABLE_LANDMARKS: readonly DefinableLandmarkId[] = ['Po', 'Go', 'Me'];

/** The profile that changes nothing: every landmark keeps the model's definition. */
export const DEFAULT_DEFINITION_PROFILE: DefinitionProfile = { Po: 'anatomical', Go: 'anatomical', Me: 'isbi' };

/**
 * A complete profile from a partial or stale stored one: unknown or missing choices fall back to the
 * default, so a choice removed in a later version never breaks a stored profile.
 */
export function resolveDefinitionProfile(partial: Partial<Record<string, unknown>> | null | undefined): DefinitionProfile {
  const pick = <C extends string>(entry: LandmarkDefinitionChoices<C>, value: unknown): C =>
    entry.choices.find((c) => c.id === value)?.id ?? entry.defaultChoice;
  return {
    Po: pick(LANDMARK_DEFINITION_CHOICES.Po, partial?.Po),
    Go: pick(LANDMARK_DEFINITION_CHOICES.Go, partial?.Go),
    Me: pick(LANDMARK_DEFINITION_CHOICES.Me, partial?.Me),
  };
}

/** True when the choice is the model's own output (the point is used as detected). */
export function isModelOutputChoice(landmark: DefinableLandmarkId, id: string): boolean {
  const entries: readonly DefinitionChoice[] = LANDMARK_DEFINITION_CHOICES[landmark].choices;
  return entries.find((c) => c.id === id)?.modelOutput ?? false;
}

/** English texts of every key above (the web app's locale files copy these; other languages translate them). */
export const DEFINITION_TEXTS_EN: Readonly<Record<string, string>> = {
  'definitions.Po.anatomical.label': 'Anatomical porion',
  'definitions.Po.anatomical.description': 'Top of the external auditory meatus, as the AI detects it.',
  'definitions.Po.machine.label': 'Machine porion',
  'definitions.Po.machine.description':
    'Top of the ear-rod ring of the cephalostat, found on the film near the anatomical porion; ' +
    'the anatomical point stays when no ring is found.',
  'definitions.Go.anatomical.label': 'Anatomical gonion',
  'definitions.Go.anatomical.description': 'Most posterior-inferior point of the mandibular angle, as the AI detects it.',
  'definitions.Go.constructed.label': 'Constructed gonion',
  'definitions.Go.constructed.description':
    'Where the bisector of the angle between the ramus tangent and the lower-border tangent meets the angle contour.',
  'definitions.Go.tangent-intersection.label': 'Gonion at the tangents’ intersection',
  'definitions.Go.tangent-intersection.description':
    'Intersection of the tangent to the posterior ramus border and the tangent to the lower mandibular border.',
  'definitions.Me.isbi.label': 'Menton (ISBI)',
  'definitions.Me.isbi.description': 'Most inferior point on the symphysis as the ISBI 2015 annotators marked it, as the AI detects it.',
  'definitions.Me.lowest.label': 'Lowest point of the symphysis',
  'definitions.Me.lowest.description':
    'Lowest point of the symphysis outline, measured perpendicular to the constructed horizontal (S-N rotated 7°).',
};
