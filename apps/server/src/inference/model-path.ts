import { fileURLToPath } from 'node:url';

/** The shipped model: models/<id>.json at the repository root (MODEL_MANIFEST overrides). */
export function defaultModelManifestPath(): string {
  return process.env.MODEL_MANIFEST ?? fileURLToPath(new URL('../../../../models/ceph-landmarks-v2.json', import.meta.url));
}
