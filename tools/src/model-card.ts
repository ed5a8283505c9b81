/**
 * npx tsx tools/src/model-card.ts <model manifest.json> --eval <key>=<metrics.json>...
 *     [--baseline <key>=<metrics.json>] [--training "<text>"] [--readme models/README.md]
 *
 * The model card from the evaluation metrics, never by hand: writes `<card>` beside the manifest
 * (the JSON the "About the AI" page shows, packages/contract/src/model-card.ts) and rewrites the
 * accuracy tables of the README between `<!-- model-card:start -->` and `<!-- model-card:end -->`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  MODEL_CARD_DEFAULT_TRAINING,
  MODEL_CARD_SETS,
  modelCardSchema,
  REPORT_DISCLAIMER,
  type ModelCard,
  type ModelCardEvaluation,
  type ModelCardSetTexts,
} from '@ceppro/contract';
import { z } from 'zod';
import { readModelManifest } from '../../apps/server/src/inference/model-manifest.ts';
import { userPath } from '../../apps/server/src/cli/dataset-manifest.ts';

/** What we know of each evaluation set (label, device, what the model is compared with). */
const DATASETS: Readonly<Record<string, ModelCardSetTexts>> = MODEL_CARD_SETS;

const summarySchema = z.object({ n: z.number(), mre_mm: z.number(), sd_mm: z.number(), sdr: z.record(z.string(), z.number()) });
/** One --adapt K of eval:landmarks (landmark-eval-adapt.ts); metrics written before it have none. */
const adaptationSchema = summarySchema.extend({
  films: z.number().int().positive(),
  draws: z.number().int().positive(),
  raw_mre_mm: z.number(),
  raw_sdr: z.record(z.string(), z.number()),
});
/** What the card reads of eval:landmarks' metrics.json. */
export const metricsSchema = summarySchema.extend({
  n_images: z.number(),
  refused: z.array(z.string()),
  spacing: z.object({ mm: z.number().nullable(), estimate: z.boolean() }),
  mre_px: z.number(),
  mre_pct_sn: z.number().nullable(),
  per_landmark: z.record(z.string(), summarySchema.extend({ dx_mm: z.number(), dy_mm: z.number(), mre_px: z.number() })),
  annotators: z.object({ inter_annotator_mre_mm: z.number(), model_vs_mean_mre_mm: z.number() }).optional(),
  review: z.object({
    threshold: z.number().nullable(),
    recall: z.number().nullable(),
    flagged_share: z.number().nullable(),
    auroc: z.number(),
    gross: z
      .object({
        recall: z.number().nullable(),
        recall_least_confident_10pct: z.number().nullable(),
        // NaN (written as null) when no landmark of the set is over 4 mm.
        auroc: z.number().nullable(),
      })
      .optional(),
  }),
  adaptation: adaptationSchema.optional(),
  adaptations: z.array(adaptationSchema).optional(),
});
type Metrics = z.infer<typeof metricsSchema>;

/** The gross-error figures of the review flag, when the set has errors over 4 mm to find. */
function grossOf(g: NonNullable<Metrics['review']['gross']>): NonNullable<ModelCardEvaluation['review']>['gross'] {
  if (g.recall === null || g.recall_least_confident_10pct === null || g.auroc === null) return undefined;
  return { recall: g.recall, recall_least_confident_10pct: g.recall_least_confident_10pct, auroc: g.auroc };
}

/** Every simulated K (`adaptations`, else the one `adaptation`), fewest films first. */
function adaptationOf(m: Metrics): ModelCardEvaluation['adaptation'] {
  const all = m.adaptations ?? (m.adaptation ? [m.adaptation] : []);
  if (!all.length) return undefined;
  return [...all]
    .sort((a, b) => a.films - b.films)
    .map((a) => ({
      films: a.films,
      draws: a.draws,
      mre_mm: a.mre_mm,
      sdr2: a.sdr['2'] ?? NaN,
      raw_mre_mm: a.raw_mre_mm,
      raw_sdr2: a.raw_sdr['2'] ?? NaN,
    }));
}

const f = (v: number, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '-');
const pct = (v: number | null) => (v === null ? '-' : `${(100 * v).toFixed(1)} %`);

export function evaluationOf(key: string, m: Metrics, shortNames: Map<string, string>): ModelCardEvaluation {
  const d = DATASETS[key] ?? { label: key, device: 'unknown', reference: 'dataset labels', note: '' };
  const spacing = m.spacing.mm;
  const gross = m.review.gross && grossOf(m.review.gross);
  const adaptation = adaptationOf(m);
  if (spacing === null || m.mre_pct_sn === null)
    throw new Error(`${key}: the metrics have no spacing or no S-N figure; a card needs both.`);
  return {
    dataset: key,
    label: d.label,
    device: d.device,
    n_images: m.n_images,
    refused: m.refused.length,
    spacing: { mm: spacing, estimate: m.spacing.estimate, note: d.note },
    reference: d.reference,
    overall: { n: m.n, mre_mm: m.mre_mm, sd_mm: m.sd_mm, sdr: m.sdr, mre_px: m.mre_px, mre_pct_sn: m.mre_pct_sn },
    per_landmark: Object.entries(m.per_landmark).map(([name, r]) => ({
      name,
      short_name: shortNames.get(name.toLowerCase()) ?? name,
      mre_mm: r.mre_mm,
      sdr2: r.sdr['2'] ?? NaN,
      dx_mm: r.dx_mm,
      dy_mm: r.dy_mm,
    })),
    ...(m.annotators && {
      annotators: { inter_annotator_mre_mm: m.annotators.inter_annotator_mre_mm, model_vs_mean_mre_mm: m.annotators.model_vs_mean_mre_mm },
    }),
    ...(m.review.threshold !== null &&
      m.review.recall !== null &&
      m.review.flagged_share !== null && {
        review: {
          threshold: m.review.threshold,
          recall: m.review.recall,
          flagged_share: m.review.flagged_share,
          auroc: m.review.auroc,
          ...(gross && { gross }),
        },
      }),
    ...(adaptation && { adaptation }),
  };
}

/** The README tables: one row per evaluation, then every landmark side by side (and vs a baseline). */
export function markdownTables(card: ModelCard, baseline?: { key: string; perLandmark: Map<string, number>; label: string }): string {
  const est = (e: ModelCardEvaluation) => (e.spacing.estimate ? ` (mm at the estimated ${e.spacing.mm} mm/px)` : '');
  const lines = [
    `Measured through the production Node path (\`npm run eval:landmarks\`), model ${card.model.id} ${card.model.version}.`,
    '',
    '| set | device | films | refused | compared with | MRE mm | SD mm | SDR 2 mm | 2.5 mm | 3 mm | 4 mm | MRE px | MRE % of S-N |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...card.evaluations.map(
      (e) =>
        `| ${e.label}${est(e)} | ${e.device} | ${e.n_images} | ${e.refused} | ${e.reference} ` +
        `| ${f(e.overall.mre_mm, 3)} | ${f(e.overall.sd_mm, 3)} | ${f(e.overall.sdr['2'] ?? NaN, 1)} ` +
        `% | ${f(e.overall.sdr['2.5'] ?? NaN, 1)} % | ${f(e.overall.sdr['3'] ?? NaN, 1)} ` +
        `% | ${f(e.overall.sdr['4'] ?? NaN, 1)} % | ${f(e.overall.mre_px, 1)} | ` +
        `${f(e.overall.mre_pct_sn, 2)} % |`,
    ),
    '',
  ];
  for (const e of card.evaluations) {
    if (e.annotators)
      lines.push(
        `- ${e.label}: model vs the orthodontists' mean ${f(e.annotators.model_vs_mean_mre_mm, 3)} ` +
          `mm; orthodontist vs orthodontist ${f(e.annotators.inter_annotator_mre_mm, 3)} ` +
          `mm${est(e)}.`,
      );
    if (e.review)
      lines.push(
        `- ${e.label}: the "for review" flag (confidence < ${e.review.threshold}) ` +
          `catches ${pct(e.review.recall)} of the landmarks over 2 mm and flags ${pct(e.review.flagged_share)} ` +
          `of all; AUROC ${f(e.review.auroc, 3)}.`,
      );
    const gross = e.review?.gross;
    if (gross)
      lines.push(
        `- ${e.label}: of the landmarks over 4 mm, the flag catches ${pct(gross.recall)} and the 10 % least ` +
          `confident landmarks hold ${pct(gross.recall_least_confident_10pct)}; AUROC ${f(gross.auroc, 3)}.`,
      );
    if (e.adaptation?.length) {
      const [first] = e.adaptation;
      const after = e.adaptation.map((a) => `after ${a.films} corrected films ${f(a.mre_mm, 3)} mm, SDR 2 mm ${f(a.sdr2, 1)} %`);
      lines.push(
        `- ${e.label}, clinic adaptation (the clinic's first films corrected, its next films scored; ` +
          `${first!.draws} random orders): ${after.join('; ')}; the same films without adaptation ` +
          `${f(first!.raw_mre_mm, 3)} mm, SDR 2 mm ${f(first!.raw_sdr2, 1)} %${est(e)}.`,
      );
    }
  }
  const names = card.evaluations[0]?.per_landmark.map((l) => l.name) ?? [];
  const head = [
    'landmark',
    ...card.evaluations.flatMap((e) => [`${e.dataset} MRE mm`, `${e.dataset} SDR 2 mm`, `${e.dataset} mean dx, dy mm`]),
  ];
  if (baseline) head.push(`${baseline.key} vs ${baseline.label}`);
  lines.push('', `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
  for (const name of names) {
    const cells = card.evaluations.flatMap((e) => {
      const r = e.per_landmark.find((l) => l.name === name);
      return r
        ? [f(r.mre_mm), `${f(r.sdr2, 1)} %`, `${r.dx_mm >= 0 ? '+' : ''}${f(r.dx_mm)}, ${r.dy_mm >= 0 ? '+' : ''}${f(r.dy_mm)}`]
        : ['-', '-', '-'];
    });
    if (baseline) {
      const now = card.evaluations.find((e) => e.dataset === baseline.key)?.per_landmark.find((l) => l.name === name)?.mre_mm;
      const was = baseline.perLandmark.get(name);
      cells.push(now !== undefined && was !== undefined ? `${now - was >= 0 ? '+' : ''}${f(now - was)} mm` : '-');
    }
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      eval: { type: 'string', multiple: true },
      baseline: { type: 'string' },
      training: { type: 'string' },
      readme: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || !values.eval?.length) {
    console.error(
      'usage: model-card <model manifest.json> --eval <key>=<metrics.json>... [--baseline ' +
        '<key>=<metrics.json>] [--training "<text>"] [--readme <README.md>]',
    );
    return 2;
  }
  const manifestPath = userPath(positionals[0]!);
  const manifest = await readModelManifest(manifestPath);
  const shortNames = new Map(manifest.landmarks.map((l) => [l.name.toLowerCase(), l.short_name]));
  const evaluations: ModelCardEvaluation[] = [];
  for (const spec of values.eval) {
    const [key, path] = spec.split('=') as [string, string];
    evaluations.push(evaluationOf(key, metricsSchema.parse(JSON.parse(await readFile(userPath(path), 'utf8'))), shortNames));
  }
  if (!manifest.review) throw new Error(`${manifestPath} is not calibrated (no review threshold): run calibrate-model first.`);
  const env = manifest.training_environment
    ? ` Trained with Python ${manifest.training_environment.python}, PyTorch ${manifest.training_environment.torch}.`
    : '';
  const card = modelCardSchema.parse({
    version: 1,
    model: {
      id: manifest.id,
      version: manifest.version,
      trained_on: manifest.trained_on,
      training: (values.training ?? MODEL_CARD_DEFAULT_TRAINING) + env,
      landmarks: manifest.landmarks,
    },
    evaluations,
    review: { confidence_threshold: manifest.review.confidence_threshold },
    disclaimer: REPORT_DISCLAIMER,
    generated_at: new Date().toISOString().slice(0, 10),
  });
  const cardPath = resolve(dirname(manifestPath), manifest.card ?? `${manifest.id}.card.json`);
  await writeFile(cardPath, `${JSON.stringify(card, null, 1)}\n`);
  console.log(`model card written to ${cardPath}`);
  let baseline: Parameters<typeof markdownTables>[1];
  if (values.baseline) {
    const [key, path] = values.baseline.split('=') as [string, string];
    const raw = z
      .object({
        model: z.object({ id: z.string(), version: z.string() }),
        per_landmark: z.record(z.string(), z.object({ mre_mm: z.number() })),
      })
      .parse(JSON.parse(await readFile(userPath(path), 'utf8')));
    baseline = {
      key,
      label: `${raw.model.version}`,
      perLandmark: new Map(Object.entries(raw.per_landmark).map(([n, r]) => [n, r.mre_mm])),
    };
  }
  const tables = markdownTables(card, baseline);
  if (values.readme) {
    const readmePath = userPath(values.readme);
    const text = await readFile(readmePath, 'utf8');
    const re = /<!-- model-card:start -->[\s\S]*<!-- model-card:end -->/;
    if (!re.test(text)) {
      console.error(`${readmePath} has no <!-- model-card:start --> ... <!-- model-card:end --> block to rewrite.`);
      return 1;
    }
    await writeFile(readmePath, text.replace(re, `<!-- model-card:start -->\n${tables}\n<!-- model-card:end -->`));
    console.log(`accuracy tables rewritten in ${readmePath}`);
  } else console.log(tables);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
