// Images of a place (§3 (docs/entities.md#places-and-equipment), §7 (docs/api.md) "image show by extension, path and
// name", §9 (docs/constants.md#formats-and-files) image types): uploaded with the multipart field `uploadfile`, checked
// by extension and content, "image too large" above the limit, served back, removed; `place.images`
// names only uploaded images of that place. Meters are rows of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { makePlace, reference, type Ref } from './stays-fixtures';
import { rentalPicture } from '../../api/demo/png';
import { PLACE_IMAGE_MAX_BYTES } from '../../api/domain/catalogue/place-images';
import { fileExists } from '../../api/files/store';
import { userWithRights } from './security-helpers';

let t: TestServer;
let ref: Ref;
beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
});
afterAll(async () => {
  await t?.close();
});

const png = rentalPicture([236, 222, 196], [150, 60, 50], 1);

async function upload(placeId: number, name: string, data: Buffer, cookie = t.admin.cookie) {
  const form = new FormData();
  form.append('uploadfile', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${t.url}/rest/place/${placeId}/images`, {
    method: 'POST',
    body: form,
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('place images', () => {
  it('are uploaded, listed on the place, shown by extension, path and name, and removed', async () => {
    const place = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.MH4, capacity: 4 });
    const r = await upload(place.id, 'Terrasse.PNG', png);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.images).toHaveLength(1);
    const [image] = r.body.images;
    expect(image).toMatch(new RegExp(`^place-${place.id}/[0-9a-f]{32}\\.png$`));
    expect((await t.admin.get(`/rest/place/${place.id}`)).body.images).toEqual([image]);
    const [path, file] = image.split('/');
    const shown = await fetch(`${t.url}/rest/image/show/png/${path}/${file.replace('.png', '')}`, {
      headers: { Cookie: t.admin.cookie! },
    });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer()).equals(png)).toBe(true);
    // Not logged in: nothing is shown.
    expect((await fetch(`${t.url}/rest/image/show/png/${path}/${file.replace('.png', '')}`)).status).toBe(403);
    // A second one, then the first removed: its file goes too.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const second = await upload(place.id, 'salon.jpeg', jpeg);
    expect(second.body.images).toEqual([image, expect.stringMatching(/\.jpeg$/)]);
    const history = await t
      .knex('post_history')
      .where({ entity: 'place', recordId: place.id, action: 'update' })
      .count({ n: '*' });
    expect(Number(history[0].n)).toBe(2);
    const removed = await t.admin.post(`/rest/place/${place.id}/images/delete`, { image });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.images).toEqual([second.body.images[1]]);
    expect(await fileExists(t.knex, image)).toBe(false);
    expect(
      (
        await fetch(`${t.url}/rest/image/show/png/${path}/${file.replace('.png', '')}`, {
          headers: { Cookie: t.admin.cookie! },
        })
      ).status,
    ).toBe(404);
    expect((await t.admin.post(`/rest/place/${place.id}/images/delete`, { image })).status).toBe(404);
    // A plain PUT that drops an image takes its file; deleting the place takes the rest.
    const third = (await upload(place.id, 'vue.png', png)).body.images.at(-1);
    expect((await t.admin.put(`/rest/place/${place.id}`, { images: [third] })).status).toBe(200);
    expect(await fileExists(t.knex, second.body.images[1])).toBe(false);
    expect(await fileExists(t.knex, third)).toBe(true);
    expect((await t.admin.del(`/rest/place/${place.id}`)).status).toBe(200);
    expect(await fileExists(t.knex, third)).toBe(false);
  });

  it('accept .jpg .jpeg .png .gif only, checked by content, and refuse images too large', async () => {
    const place = await makePlace(t.admin, ref);
    for (const [name, data] of [
      ['virus.exe', Buffer.from('MZ\x90\x00 not an image')],
      ['photo.png', Buffer.from('MZ\x90\x00 an executable named .png')],
      ['photo.gif', png],
      ['photo', png],
    ] as const) {
      const r = await upload(place.id, name, data);
      expect(r.status, name).toBe(400);
      expect(r.body, name).toMatchObject({ code: 'IMAGE_TYPE', message: 'Formats acceptés : .jpg, .jpeg, .png, .gif' });
    }
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(20)]);
    expect((await upload(place.id, 'plan.gif', gif)).status).toBe(200);
    const big = Buffer.concat([png, Buffer.alloc(PLACE_IMAGE_MAX_BYTES)]);
    const tooBig = await upload(place.id, 'grande.png', big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: 'Image trop volumineuse' });
    expect((await t.admin.get(`/rest/place/${place.id}`)).body.images).toHaveLength(1);
    expect((await upload(999999, 'a.png', png)).status).toBe(404);
  });

  it('place.images names only uploaded images of that place', async () => {
    const place = await makePlace(t.admin, ref);
    const other = await makePlace(t.admin, ref);
    const mine = (await upload(place.id, 'a.png', png)).body.images[0];
    const theirs = (await upload(other.id, 'b.png', png)).body.images[0];
    const bad = async (images: unknown[], code: string) => {
      const r = await t.admin.put(`/rest/place/${place.id}`, { images });
      expect(r.status, JSON.stringify(images)).toBe(400);
      expect(r.body.code, JSON.stringify(images)).toBe(code);
    };
    await bad([mine, 'virus.exe'], 'VALIDATION_FAILED');
    await bad(['https://exemple.fr/photo.jpg'], 'VALIDATION_FAILED');
    await bad([theirs], 'PLACE_IMAGE_UNKNOWN');
    await bad([`place-${place.id}/${'0'.repeat(32)}.png`], 'PLACE_IMAGE_UNKNOWN');
    await bad([mine, mine], 'PLACE_IMAGE_UNKNOWN');
    expect(
      (
        await t.admin.post('/rest/place', {
          code: `N${Date.now() % 100000}`,
          placeTypeId: ref.placeTypes.CONF,
          images: [mine],
        })
      ).body.code,
    ).toBe('PLACE_IMAGE_UNKNOWN');
    // Reordering or dropping its own images is a plain change.
    expect((await t.admin.put(`/rest/place/${place.id}`, { images: [] })).body.images).toEqual([]);
  });

  it('needs the write right on places to upload, the read right to see', async () => {
    const place = await makePlace(t.admin, ref);
    const image = (await upload(place.id, 'a.png', png)).body.images[0] as string;
    const reader = (await userWithRights(t, { rights: { 'camp.pitch': { rights: '001', canExport: false } } })).client;
    expect((await upload(place.id, 'b.png', png, reader.cookie)).status).toBe(401);
    expect((await reader.post(`/rest/place/${place.id}/images/delete`, { image })).status).toBe(401);
    const [path, file] = image.split('/');
    expect(
      (
        await fetch(`${t.url}/rest/image/show/png/${path}/${file.slice(0, 32)}`, {
          headers: { Cookie: reader.cookie! },
        })
      ).status,
    ).toBe(200);
    const nobody = (await userWithRights(t, { rights: { 'camp.pitch': { rights: '000', canExport: false } } })).client;
    expect(
      (
        await fetch(`${t.url}/rest/image/show/png/${path}/${file.slice(0, 32)}`, {
          headers: { Cookie: nobody.cookie! },
        })
      ).status,
    ).toBe(401);
  });
});

describe('meters of a place', () => {
  it('are rows of their own, through the generic /rest/meter routes', async () => {
    const place = await makePlace(t.admin, ref, { placeTypeId: ref.placeTypes.RES });
    const elec = (await t.knex('meter_type').where('label', 'Électricité').first('id')).id;
    const m = await t.admin.post('/rest/meter', {
      placeId: place.id,
      meterTypeId: elec,
      number: `E-${place.id}`,
      installedOn: '2030-01-01',
    });
    expect(m.status, m.text).toBe(200);
    expect(
      (await t.admin.get(`/rest/meter?filter=${encodeURIComponent(JSON.stringify({ placeId: place.id }))}`)).body.map(
        (x: any) => x.number,
      ),
    ).toEqual([`E-${place.id}`]);
    expect((await t.admin.put(`/rest/meter/${m.body.id}`, { removedOn: '2029-12-31' })).status).toBe(400);
    expect(
      (await t.admin.put(`/rest/meter/${m.body.id}`, { removedOn: '2031-06-30', isActive: false })).body,
    ).toMatchObject({ removedOn: '2031-06-30', isActive: false });
  });
});
