import { modelCardSchema, type ModelCard } from '@ceppro/contract';
import { readFile } from 'node:fs/promises';
import { AppError } from '../../errors/app-error';
import { defaultModelManifestPath } from '../../inference/model-path';

/** The model card of the served landmark model (metrics as data, for the "About the AI" page). */
export interface ModelCardService {
  /** The validated card; MODEL_CARD_UNAVAILABLE when the file is missing or does not match the contract. */
  card(): Promise<ModelCard>;
}

/** Where problems with the card file are reported: an operator's concern, not the caller's. */
interface CardLog {
  warn(details: { path: string; reason: string }, message: string): void;
}

/** The release script writes the card beside the manifest: `models/<id>.json` -> `models/<id>.card.json`. */
export function cardPathForManifest(manifestPath: string): string {
  return `${manifestPath.replace(/\.json$/i, '')}.card.json`;
}

/**
 * Reads the card once and keeps it: it changes only with a model release, which restarts the
 * server. A failed read is not kept, so a card written after start-up is picked up on the next call.
 * `path` defaults to the card beside the served manifest (MODEL_MANIFEST or the shipped model).
 */
export function createModelCardService(deps: { path?: string | undefined; log?: CardLog } = {}): ModelCardService {
  const path = deps.path ?? cardPathForManifest(defaultModelManifestPath());
  let loading: Promise<ModelCard> | null = null;

  async function load(): Promise<ModelCard> {
    const problem = (reason: string, cause?: unknown): AppError => {
      deps.log?.warn({ path, reason }, 'model card unavailable');
      return new AppError('MODEL_CARD_UNAVAILABLE', undefined, { cause });
    };
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw problem((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'unreadable', error);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw problem('not JSON', error);
    }
    const parsed = modelCardSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw problem(`does not match the contract: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'invalid'}`);
    }
    return parsed.data;
  }

  return {
    card() {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}
