import { ZERO_VTO_MOVEMENT, type VtoMovement, type VtoMovementTable, type VtoPointKey } from '@ceppro/ceph';

/**
 * Starting plans for the movement table (mm, patient frame: horizontal + anterior, vertical +
 * superior). They fill the table; the user adjusts from there. Amounts are typical textbook plans,
 * not a recommendation for a patient.
 */
export const VTO_PRESETS = [
  {
    id: 'incisorRetraction',
    // Premolar-extraction retraction: upper incisors back 4 mm, lower 2 mm.
    rows: { Mx1Crown: { horizontal: -4, vertical: 0 }, Mn1Crown: { horizontal: -2, vertical: 0 } },
  },
  {
    id: 'mandibularAdvancement',
    // Sagittal split advancement: the distal mandible with its teeth forward 5 mm.
    rows: advanceMandible(5),
  },
  {
    id: 'mandibularSetback',
    rows: advanceMandible(-5),
  },
  {
    id: 'maxillaryImpaction',
    // Le Fort I impaction 4 mm. Mandibular autorotation approximated: the mandibular rows rise with
    // the maxilla and the chin comes 2 mm forward.
    rows: {
      ANS: { horizontal: 0, vertical: 4 },
      PNS: { horizontal: 0, vertical: 4 },
      Mx1Crown: { horizontal: 0, vertical: 4 },
      Mx6Distal: { horizontal: 0, vertical: 4 },
      Mn1Crown: { horizontal: 1, vertical: 4 },
      Mn6Distal: { horizontal: 0.5, vertical: 4 },
      BPoint: { horizontal: 1.5, vertical: 4 },
      Pogonion: { horizontal: 2, vertical: 4 },
      Menton: { horizontal: 2, vertical: 4 },
    },
  },
] as const satisfies readonly { id: string; rows: Partial<Record<VtoPointKey, VtoMovement>> }[];

export type VtoPresetId = (typeof VTO_PRESETS)[number]['id'];

function advanceMandible(mm: number): Partial<Record<VtoPointKey, VtoMovement>> {
  const h = { horizontal: mm, vertical: 0 };
  return { Mn1Crown: h, Mn6Distal: h, BPoint: h, Pogonion: h, Menton: h };
}

/** The full table of a preset: its rows, every other row zero. */
export function presetTable(id: string): VtoMovementTable | null {
  const preset = VTO_PRESETS.find((p) => p.id === id);
  if (preset === undefined) return null;
  return { ...ZERO_VTO_MOVEMENT, ...preset.rows };
}
