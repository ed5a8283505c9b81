import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultModelManifestPath } from '../../apps/server/src/inference/model-path.ts';

/**
 * The model card the e2e server serves (MODEL_CARD_PATH), and the one the "About the AI" test
 * reads its expected figures from: MODEL_CARD_PATH when set, else the card beside the served
 * manifest (`models/<id>.card.json`, written by the release script), else, while the served model
 * has no card yet, the server tests' fixture.
 */
export function e2eModelCardPath(root: string): string {
  const configured = process.env.MODEL_CARD_PATH;
  if (configured) return resolve(root, configured);
  const beside = `${defaultModelManifestPath().replace(/\.json$/i, '')}.card.json`;
  return existsSync(beside) ? beside : join(root, 'apps/server/test/fixtures/model-card.json');
}
