import { IMAGE_TYPE, imageTypeCdSchema, type ImageTypeCd } from '@ceppro/contract';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { patientCreatorColumn } from '../../access/index';
import { analysisRecords, chartData, charts, patients, users } from '../../db/schema/index';
import type { ListedChart } from './patient.repository';

export const ALL_LISTED_IMAGE_TYPES: readonly ImageTypeCd[] = [IMAGE_TYPE.cephalogram, IMAGE_TYPE.lateralFace];

/** A member shown beside patient data ("created by", "last changed by"): never a filter. */
export interface ListedPerson {
  uuid: string;
  firstName: string;
}

/** Who created a patient and who changed it last (null: not recorded, before Step 16). */
export interface ListedPeople {
  creator: ListedPerson | null;
  lastEditor: ListedPerson | null;
}

const personJson = z.object({ uuid: z.string(), firstName: z.string() }).nullable();
const peopleJson = z.object({ creator: personJson, lastEditor: personJson });

/** JSON of the user with id `userRef` (an SQL expression), or null. */
const personOf = (userRef: SQL): SQL =>
  sql`(select json_build_object('uuid', u.uuid, 'firstName', u.first_name) from ${users} u where u.id = ${userRef})`;

/** What the subquery below gives per patient, as the drivers hand JSON over (timestamps as text). */
const chartsJson = z.array(
  z.object({
    id: z.number().int(),
    uuid: z.string(),
    chartId: z.string(),
    patientRef: z.number().int(),
    createdAt: z.string(),
    chartData: z.array(z.object({ imageTypeCd: imageTypeCdSchema, shootDate: z.string().nullable() })),
    updatedBy: personJson.optional().default(null),
  }),
);

function toListedCharts(value: unknown): ListedChart[] {
  // node-postgres and PGlite both parse json columns; a string would be a driver without that.
  const parsed = chartsJson.parse(typeof value === 'string' ? JSON.parse(value) : value);
  return parsed.map((c) => ({ ...c, createdAt: new Date(c.createdAt) }));
}

/** `"patients".<column>`, qualified by hand: a bare name inside a subquery could be the subquery's own. */
const outer = (column: { name: string }): SQL => sql`${sql.identifier(getTableName(patients))}.${sql.identifier(column.name)}`;

/**
 * A correlated subquery for a select over `patients` (or an insert's / update's RETURNING): who
 * created the patient (the access policy's `patientCreatorColumn`) and who changed it last.
 */
export function listedPeopleOfRow(): SQL<ListedPeople> {
  const creator = personOf(outer(patientCreatorColumn));
  const lastEditor = personOf(outer(patients.updatedBy));
  return sql`json_build_object('creator', ${creator}, 'lastEditor', ${lastEditor})`.mapWith((value: unknown) =>
    peopleJson.parse(typeof value === 'string' ? JSON.parse(value) : value),
  );
}

/**
 * A correlated subquery for a select over `patients`: that patient's live charts, newest first,
 * each with its live images of `imageTypes` (ordered by type), as the repository's `chartsOf` gives
 * them. Lets the list read a page, its total and its charts in one statement (docs/performance.md).
 */
export function listedChartsOfRow(imageTypes: readonly ImageTypeCd[] = ALL_LISTED_IMAGE_TYPES): SQL<ListedChart[]> {
  const types = sql.join(
    imageTypes.map((t) => sql`${t}`),
    sql`, `,
  );
  // Qualified by hand: in a one-table select drizzle may write a column unqualified, and a bare
  // "id" inside the subquery would be the chart's.
  const outerId = outer(patients.id);
  const images =
    imageTypes.length === 0
      ? sql`'[]'::json`
      : sql`coalesce((select json_agg(json_build_object('imageTypeCd', d.image_type_cd, 'shootDate', d.shoot_date) order by d.image_type_cd)
        from ${chartData} d
        where d.chart_ref = c.id and d.deleted_at is null and d.pending_expires_at is null and d.image_type_cd in (${types})), '[]'::json)`;
  // Who last changed the chart's analysis (a save, or the detection that made it).
  const updatedBy = personOf(
    sql`(select r.updated_by from ${analysisRecords} r where r.chart_ref = c.id and r.deleted_at is null limit 1)`,
  );
  return sql`coalesce((select json_agg(json_build_object('id', c.id, 'uuid', c.uuid, 'chartId', c.chart_id, 'patientRef', c.patient_ref,
      'createdAt', c.created_at, 'chartData', ${images}, 'updatedBy', ${updatedBy}) order by c.created_at desc, c.id desc)
    from ${charts} c where c.patient_ref = ${outerId} and c.deleted_at is null and c.draft_expires_at is null), '[]'::json)`.mapWith(
    toListedCharts,
  );
}
