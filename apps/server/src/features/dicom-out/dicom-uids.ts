import { randomUUID } from 'node:crypto';

/*
 * DICOM UIDs made here (docs/dicom-out.md, "UIDs"). Ceppro has no registered organisation root, so
 * every UID is of the form `2.25.<n>`: the root ISO/IEC 9834-8 / ITU-T X.667 gives to UUIDs, `n` being
 * the UUID's 128 bits as one unsigned decimal integer (PS3.5 §B.2). Such a UID is at most 44
 * characters (under the 64 DICOM allows) and is unique without any registry.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `2.25.<decimal>` of one UUID (case and hyphens do not matter; a UUID is required). */
export function uidFromUuid(uuid: string): string {
  if (!UUID.test(uuid)) throw new Error('uidFromUuid needs a UUID');
  return `2.25.${BigInt(`0x${uuid.replace(/-/g, '')}`).toString(10)}`;
}

/** A new UID from a random (version 4) UUID: each series and SOP instance written gets its own. */
export function newUid(): string {
  return uidFromUuid(randomUUID());
}

/**
 * The Study Instance UID of a chart whose film was not a DICOM (a JPEG or PNG upload): derived from
 * the chart's own UUID (`charts.chart_id`), so every object written for the chart, on every
 * download and every store back, lands in the same study, and no other chart can get it.
 */
export function chartStudyUid(chartId: string): string {
  return uidFromUuid(chartId);
}

/** (0002,0012) Implementation Class UID of the files Ceppro writes: fixed, from a UUID chosen once for it. */
export const IMPLEMENTATION_CLASS_UID = uidFromUuid('5f0c1c8e-3b7a-4c52-9a51-6ad4c2f0e7b3');
/** (0002,0013) Implementation Version Name (16 characters at most). */
export const IMPLEMENTATION_VERSION_NAME = 'CEPPRO_1';
