// The generated Objection models (api/generated/models.ts) load, name the tables
// the schemas describe, and their relations query the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Model } from 'objection';
import * as models from '../../api/generated/models';
import { ENTITY_METAS } from '../../common/generated/meta/index';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.close(); });

const classes = (Object.values(models) as unknown[]).filter((m): m is typeof Model => typeof m === 'function' && m.prototype instanceof Model);

describe('generated Objection models', () => {
  it('has one model per entity, on its table, with relations that resolve', () => {
    expect(classes.map((m) => m.tableName).sort()).toEqual(ENTITY_METAS.map((m) => m.table).sort());
    for (const m of classes) {
      // Building the relations checks every modelClass and join column pair.
      for (const [name, rel] of Object.entries(m.getRelations())) expect(rel.relatedModelClass.tableName, `${m.name}.${name}`).toBeTruthy();
    }
  });

  it('fetches a belongs-to relation graph', async () => {
    const fr = await models.CountryModel.query(t.knex).findOne({ isoCode: 'FR' });
    expect(fr).toBeTruthy();
    const dep = await t.admin.post('/rest/department', { code: '9Z', name: 'Département modèle', countryId: fr!.id });
    expect(dep.status, dep.text).toBe(200);
    const fetched = await models.DepartmentModel.query(t.knex).findById(dep.body.id).withGraphFetched('country');
    expect((fetched as any).country.isoCode).toBe('FR');
    const joined = await models.DepartmentModel.query(t.knex).withGraphJoined('country').where('country.isoCode', 'FR').where('department.id', dep.body.id);
    expect(joined.map((d: any) => [d.name, d.country.name])).toEqual([['Département modèle', fr!.name]]);
  });

  it('follows a relation from a row (meter reading → meter → place)', async () => {
    const place = (await t.admin.get('/rest/place?range=[0,0]')).body[0] ?? (await t.admin.post('/rest/place', { code: 'MOD1', placeTypeId: (await t.admin.get('/rest/place-type?range=[0,0]')).body[0]?.id })).body;
    const type = await t.admin.post('/rest/meter-type', { label: 'Eau modèle', unit: 'm³' });
    expect(type.status, type.text).toBe(200);
    const meter = await t.admin.post('/rest/meter', { placeId: place.id, meterTypeId: type.body.id, number: 'MOD-1' });
    expect(meter.status, meter.text).toBe(200);
    const reading = await t.admin.post('/rest/meter-reading', { meterId: meter.body.id, readingDate: '2026-01-31', quantity: 12.5 });
    expect(reading.status, reading.text).toBe(200);
    const row = await models.MeterReadingModel.query(t.knex).findById(reading.body.id).withGraphFetched('meter.[place, meterType]');
    expect((row as any).meter.number).toBe('MOD-1');
    expect((row as any).meter.place.id).toBe(place.id);
    expect((row as any).meter.meterType.unit).toBe('m³');
    const meters = await models.MeterReadingModel.relatedQuery('meter', t.knex).for(reading.body.id);
    expect(meters.map((m: any) => m.id)).toEqual([meter.body.id]);
  });
});
