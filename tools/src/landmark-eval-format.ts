/** Text and Markdown for an EvalReport (landmark-eval.ts), as eval:landmarks prints and writes them. */
import type { AdaptationReport } from './landmark-eval-adapt.ts';
import { GROSS_ERROR_MM, REVIEW_ERROR_MM, type EvalReport } from './landmark-eval.ts';
import { SDR_THRESHOLDS_MM, type AccuracySummary } from './landmark-metrics.ts';

const f = (v: number | null | undefined, d = 3) => (v == null || Number.isNaN(v) ? 'n/a' : v.toFixed(d));
const signed = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v >= 0 ? '+' : ''}${v.toFixed(3)}`);
const pct = (v: number | null) => (v === null || Number.isNaN(v) ? 'n/a' : `${(100 * v).toFixed(1)}%`);

/** Said after every mm figure that rests, wholly or partly, on the manifest's estimated spacing. */
export function spacingNote(r: EvalReport): string {
  const { spacing } = r;
  if (!spacing.estimate) return '';
  const scored = r.n_images - r.refused.length;
  const part =
    spacing.images_at_estimate < scored ? ` for ${spacing.images_at_estimate} of ${scored} images, the others at their own spacing` : '';
  return ` (mm at the estimated spacing ${spacing.mm} mm/px${part})`;
}

/** One sentence on where the mm come from. */
export function spacingLine(r: EvalReport): string {
  const { spacing } = r;
  if (spacing.estimate)
    return (
      `spacing: ${spacing.mm} mm/px is an ESTIMATE (the manifest's pixel_spacing_estimate_mm; ` +
      `the true spacing is unknown): mm figures rest on it, px and % of S-N do ` +
      `not`
    );
  if (spacing.images_with_own_spacing)
    return `spacing: each image's own pixel_spacing_mm${spacing.mm !== null ? `, else ${spacing.mm} mm/px` : ''}`;
  return `spacing: ${spacing.mm} mm/px (the manifest's pixel_spacing_mm)`;
}

export function summaryLine(label: string, s: AccuracySummary, note = ''): string {
  const sdr = SDR_THRESHOLDS_MM.map((t) => `SDR@${t}=${f(s.sdr[String(t)], 2)}%`).join(' ');
  return `${label}: n=${s.n} MRE=${f(s.mre_mm)} mm SD=${f(s.sd_mm)} mm ${sdr}${note}`;
}

function wholeLine(label: string, r: EvalReport): string {
  return `${summaryLine(label, r, spacingNote(r))}; MRE=${f(r.mre_px, 2)} px = ${f(r.mre_pct_sn, 2)}% of S-N`;
}

/** Per-landmark Markdown table: accuracy, px and % S-N, mean signed offset, and the annotators. */
export function landmarkTable(r: EvalReport): string {
  const ann = r.annotators;
  const cols = [
    'landmark',
    'n',
    'MRE mm',
    'SD mm',
    ...SDR_THRESHOLDS_MM.map((t) => `SDR ${t} mm`),
    'MRE px',
    'MRE % S-N',
    'dx mm',
    'dy mm',
    ...(ann ? ['A vs B mm', 'model vs mean mm'] : []),
  ];
  const rows = Object.entries(r.per_landmark).map(([name, s]) => {
    const a = ann?.per_landmark[name];
    const cells = [
      name,
      String(s.n),
      f(s.mre_mm),
      f(s.sd_mm),
      ...SDR_THRESHOLDS_MM.map((t) => f(s.sdr[String(t)], 1)),
      f(s.mre_px, 2),
      f(s.mre_pct_sn, 2),
      signed(s.dx_mm),
      signed(s.dy_mm),
      ...(ann ? [f(a?.inter_mm), f(a?.model_mm)] : []),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [`| ${cols.join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`, ...rows].join('\n');
}

export function annotatorLine(r: EvalReport): string | null {
  const a = r.annotators;
  if (!a) return null;
  return (
    `annotators (${a.n} landmarks): A vs B MRE=${f(a.inter_annotator_mre_mm)} ` +
    `mm (${f(a.inter_annotator_mre_px, 2)} px); model vs their mean MRE=${f(a.model_vs_mean_mre_mm)} ` +
    `mm (${f(a.model_vs_mean_mre_px, 2)} px), vs A ${f(a.model_vs_a_mre_mm)} ` +
    `mm, vs B ${f(a.model_vs_b_mre_mm)} mm${spacingNote(r)}`
  );
}

const leastConfident = (recall: number | null) => `the 10% least confident landmarks hold ${pct(recall)} of them`;

export function reviewLine(r: EvalReport): string {
  const v = r.review;
  const auroc =
    `AUROC of (1 - confidence) for error > ${REVIEW_ERROR_MM} mm: ${f(v.auroc)}; ${leastConfident(v.recall_least_confident_10pct)}; ` +
    `${v.n_over_2mm} of ${v.n} landmarks over ${REVIEW_ERROR_MM} mm${spacingNote(r)}`;
  if (v.threshold === null)
    return `review flag: no threshold (pass --review-threshold or set review.confidence_threshold in the model manifest); ${auroc}`;
  const caught = v.recall === null ? 0 : Math.round(v.recall * v.n_over_2mm);
  return (
    `review flag (confidence < ${v.threshold}): flags ${pct(v.flagged_share)} ` +
    `of landmarks; catches ${pct(v.recall)} (${caught} of ${v.n_over_2mm}) of ` +
    `those with error > ${REVIEW_ERROR_MM} mm; ${auroc}`
  );
}

/** The flag against gross errors (over 4 mm), the ones it must not miss. */
export function grossReviewLine(r: EvalReport): string {
  const g = r.review.gross;
  const caught = g.recall === null ? 0 : Math.round(g.recall * g.n_over_4mm);
  const atThreshold =
    g.threshold === null
      ? 'no threshold'
      : `the flag (confidence < ${g.threshold}) catches ${pct(g.recall)} (${caught} of ${g.n_over_4mm})`;
  return (
    `review flag, gross errors (> ${GROSS_ERROR_MM} mm): ${atThreshold}; ${leastConfident(g.recall_least_confident_10pct)}; ` +
    `AUROC ${f(g.auroc)}; ${g.n_over_4mm} of ${g.n} landmarks over ${GROSS_ERROR_MM} mm${spacingNote(r)}`
  );
}

/** One line per --adapt K: the pooled error after adaptation beside the same films without it. */
export function adaptationLine(a: AdaptationReport, r: EvalReport): string {
  const label =
    `adaptation after ${a.films} corrected films (${a.draws} draws, seed ${a.seed}; ${a.held_out_films} ` +
    `films scored per draw; ${f(a.learned_films, 1)} of ${a.films} corrected films taught something)`;
  return (
    `${summaryLine(label, a)}; without adaptation on the same films MRE=${f(a.raw_mre_mm)} mm ` +
    `SDR@2=${f(a.raw_sdr['2'], 2)}%; one draw's MRE ${f(a.draw_mre_mm.min)} to ${f(a.draw_mre_mm.max)} mm${spacingNote(r)}` +
    adaptedReviewNote(a)
  );
}

/** What the review flag finds among the adapted points' errors over 4 mm (misplacements once the conventions are learned). */
function adaptedReviewNote(a: AdaptationReport): string {
  const g = a.review_gross;
  if (!g) return '';
  const atThreshold =
    g.recall === null || g.flagged_share === null
      ? ''
      : `the flag (confidence < ${f(g.threshold, 4)}) flags ${pct(g.flagged_share)} and catches ${pct(g.recall)}; `;
  return (
    `; after adaptation ${g.n_over_4mm} of ${g.n} over ${GROSS_ERROR_MM} mm: ${atThreshold}the 10% least confident ` +
    `hold ${pct(g.recall_least_confident_10pct)}; AUROC ${f(g.auroc)}`
  );
}

/** Per landmark after adaptation, beside the same films without it. */
export function adaptationTable(a: AdaptationReport): string {
  const cols = ['landmark', 'MRE mm without', `MRE mm after ${a.films} films`, 'SDR 2 mm', 'dx mm', 'dy mm'];
  const rows = Object.entries(a.per_landmark).map(
    ([name, l]) => `| ${[name, f(l.raw_mre_mm), f(l.mre_mm), f(l.sdr2, 1), signed(l.dx_mm), signed(l.dy_mm)].join(' | ')} |`,
  );
  return [`| ${cols.join(' | ')} |`, `|${cols.map(() => '---').join('|')}|`, ...rows].join('\n');
}

export interface ReportContext {
  header: string;
  split: string;
  /** Number of images with a near-duplicate in another split. */
  leaks: number;
  /** --adapt: one simulation per number of corrected films. */
  adaptations?: readonly AdaptationReport[];
}

/** The lines eval:landmarks prints. */
export function reportLines(r: EvalReport, ctx: ReportContext): string[] {
  return [
    ctx.header,
    spacingLine(r),
    landmarkTable(r),
    ...(ctx.leaks
      ? [
          summaryLine(
            `${ctx.split} without ${ctx.leaks} images with a near-duplicate in another split`,
            r.without_duplicates,
            spacingNote(r),
          ),
        ]
      : []),
    wholeLine(`${ctx.split} whole`, r),
    ...[annotatorLine(r)].filter((l): l is string => l !== null),
    ...(ctx.adaptations ?? []).map(adaptationTable),
    reviewLine(r),
    grossReviewLine(r),
    ...(ctx.adaptations ?? []).map((a) => adaptationLine(a, r)),
  ];
}

/** report.md */
export function reportMarkdown(r: EvalReport, ctx: ReportContext & { title: string; intro: string }): string {
  return [
    `# ${ctx.title}`,
    '',
    ctx.intro,
    '',
    `- ${spacingLine(r)}`,
    `- ${wholeLine('whole', r)}`,
    `- ${summaryLine(`without ${ctx.leaks} near-duplicates of other splits`, r.without_duplicates, spacingNote(r))}`,
    ...[annotatorLine(r)].filter((l): l is string => l !== null).map((l) => `- ${l}`),
    `- ${reviewLine(r)}`,
    `- ${grossReviewLine(r)}`,
    ...(ctx.adaptations ?? []).map((a) => `- ${adaptationLine(a, r)}`),
    '',
    'dx, dy: mean signed offset (model minus truth, x right, y down). One that is large against the MRE is a',
    'definition difference between the model and these annotators, not scatter.',
    '',
    landmarkTable(r),
    '',
    ...(ctx.adaptations?.length
      ? [
          '## Clinic adaptation',
          '',
          'A clinic corrects its first films (the reference points play its corrections); the server learns one shift per',
          'landmark (packages/ceph adaptation/) and applies it to the films that follow, scored here, pooled over random',
          'orders of the films.',
          '',
        ]
      : []),
    ...(ctx.adaptations ?? []).flatMap((a) => [`### After ${a.films} corrected films`, '', adaptationTable(a), '']),
  ].join('\n');
}
