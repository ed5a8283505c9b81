import { timestamp } from 'drizzle-orm/pg-core';

/** Builders are functions because a drizzle column builder must not be shared between tables. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
/** Soft delete: rows stay for audit and "undo"; every list query filters `deleted_at is null`. */
export const deletedAt = () => timestamptz('deleted_at');

/**
 * Shape every stored JSON document must have: a version so readers can migrate old documents
 * (docs/house-rules.md §11). The content is validated by the feature that owns it.
 */
export type VersionedJson = { version: number } & Record<string, unknown>;
