import type { z } from 'zod';

/**
 * How a stored JSON document of the analysis record (a column such as `vto_sto_config`, or a key of
 * the shared `drawing_result`) opens in this version of the code (docs/house-rules.md §11: stored JSON
 * carries a version). A document saved before versions were written has none: it is version 1. Each
 * later version adds one step, `steps[n]` turning a version n document into version n + 1, so a
 * document of any older version is brought up to date one step at a time and then validated by the
 * current schema. A document of a newer version than this code knows, or of a shape no step
 * explains, reads as null: the reader's "nothing stored / unknown shape" case, never a crash.
 */
export interface DocumentVersions<T> {
  /** The version this code writes. */
  current: number;
  /** The current shape (its `version` is checked against `current` after the steps). */
  schema: z.ZodType<T>;
  /** `steps[n]`: a version n document made version n + 1 (pure; plain JSON in, plain JSON out). */
  steps?: Readonly<Record<number, (stored: Record<string, unknown>) => Record<string, unknown>>>;
}

/** The stored version of a document: its `version`, 1 when absent; null when not a positive integer. */
export function storedVersion(stored: Record<string, unknown>): number | null {
  const version = stored.version ?? 1;
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : null;
}

/** The `migrate(stored) -> current | null` function of one document kind. */
export function documentMigration<T>(versions: DocumentVersions<T>): (stored: unknown) => T | null {
  return (stored) => {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
    let doc = stored as Record<string, unknown>;
    const from = storedVersion(doc);
    if (from === null || from > versions.current) return null;
    for (let version = from; version < versions.current; version++) {
      const step = versions.steps?.[version];
      if (step === undefined) return null;
      doc = { ...step(doc), version: version + 1 };
    }
    const parsed = versions.schema.safeParse({ ...doc, version: versions.current });
    return parsed.success ? parsed.data : null;
  };
}
