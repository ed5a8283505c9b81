import { IMAGE_TYPE } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/**
 * A committed patient stays in the list and in search whatever happens to their charts: deleting
 * the only chart leaves a row that opens "Chart without patient data" and an edit screen where a
 * new film can be added. Before, the list's default "has a film" filter hid such a patient for good.
 */
let g: GraphHarness;
let token: string;

const LIST = `query($f: PatientFilter) { patients(filter: $f) { items { id first_name charts { id } } pagination { total } } }`;
type Listed = {
  patients: { items: Array<{ id: number; first_name: string; charts: Array<{ id: number }> }>; pagination: { total: number } };
};

beforeAll(async () => {
  g = await createGraphHarness();
  token = await g.signIn('chartless');
});
afterAll(async () => {
  await g?.close();
});

describe('a patient whose only chart was deleted', () => {
  it('stays in the list and in search with no charts, and can get a new film', async () => {
    const created = await g.ok<{ create_patient: { id: number } }>(
      token,
      'mutation($i: CreatePatientInput!) { create_patient(input: $i) { id } }',
      {
        i: { first_name: 'Chartless Choi', birth_info: '1985-03-04', gender: true },
      },
    );
    const id = created.create_patient.id;
    const chart = await g.ok<{ create_chart: { id: number } }>(token, 'mutation($p: Int!) { create_chart(patient_id: $p) { id } }', {
      p: id,
    });
    await g.addImage(chart.create_chart.id, IMAGE_TYPE.cephalogram);
    expect((await g.ok<Listed>(token, LIST, { f: {} })).patients.items.map((p) => p.id)).toEqual([id]);

    await g.ok(token, 'mutation($id: Int!) { delete_chart(id: $id) }', { id: chart.create_chart.id });

    const list = await g.ok<Listed>(token, LIST, { f: {} });
    expect(list.patients.items).toEqual([{ id, first_name: 'Chartless Choi', charts: [] }]);
    expect(list.patients.pagination.total).toBe(1);
    const search = await g.ok<Listed>(token, LIST, { f: { name_contains: 'chartless' } });
    expect(search.patients.items.map((p) => p.id)).toEqual([id]);
    const one = await g.ok<{ patient: { id: number; charts: unknown[] } | null }>(
      token,
      'query($id: Int!) { patient(id: $id) { id charts { id } } }',
      { id },
    );
    expect(one.patient).toEqual({ id, charts: [] });

    // The edit screen's add tile: a new chart with a film for the same patient.
    const again = await g.ok<{ create_chart: { id: number } }>(token, 'mutation($p: Int!) { create_chart(patient_id: $p) { id } }', {
      p: id,
    });
    await g.addImage(again.create_chart.id, IMAGE_TYPE.cephalogram);
    expect((await g.ok<Listed>(token, LIST, { f: {} })).patients.items).toEqual([
      { id, first_name: 'Chartless Choi', charts: [{ id: again.create_chart.id }] },
    ]);

    // An explicit image-type filter still narrows to patients holding such a film.
    expect((await g.ok<Listed>(token, LIST, { f: { image_type_cd: [IMAGE_TYPE.lateralFace] } })).patients.pagination.total).toBe(0);
  });
});
