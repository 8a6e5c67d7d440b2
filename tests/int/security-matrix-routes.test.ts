// The permission matrix of the hand-written routes (§6 (docs/rights.md), §8, docs/errors.md#messages): one row per
// route of the auth and domain routers (per variant where one path serves several), with the right
// it needs; for each level 000 / 001 / 001+export / 011 / 111 the server answers 200
// when the level allows it and 401 otherwise (a refused write changing nothing), and
// 403 without a session. The rows are checked against the application's own route
// table: a new hand-written route without its row fails here. A route declared with
// defineRoute brings its right and its rows: its `example` (api/http/route-spec.ts) says how to
// call it, with the records this file makes (EXAMPLE_RECORDS once, FRESH per call), what a refusal
// leaves unchanged, and a variant's right when it asks for more. Hand rows remain for log-out, the
// session's user and a call with the caller's own id.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type Koa from 'koa';
import type Router from '@koa/router';
import { createApp } from '../../api/app';
import { ROUTES } from '../../api/generated/routes';
import { ACTIONS } from '../../api/domain/stays/state-machine';
import { addDays, todayParis } from '../../common/dates';
import { ensureSystemUser, SYSTEM_LOGIN } from '../../api/auth/system';
import { Canvas } from '../../api/demo/planning';
import { MESSAGES } from '../../common/messages';
import type { Access } from '../../common/route-def';
import {
  declaredRoutes,
  type ExampleCall,
  type ExampleFixture,
  type ExampleRecord,
  type RouteDecl,
  type Right,
  type RightPair,
} from '../../api/http/define-route';
import { enqueueMail } from '../../api/domain/mail/queue';
import { regenerateAll } from '../../api/domain/statistics/regenerate';
import { makeClient, startTestServer, type Client, type Reply, type TestServer } from './harness';
import { allowedAt, createUser, matrixProfiles, PASSWORD, userWithRights, type Profile } from './security-helpers';
import { book, makeCustomer, makePlace, reference, unique, type BookArgs, type Ref } from './stays-fixtures';

let t: TestServer;
let profiles: Profile[] = [];
let system: Client;
let ref: Ref;
const ids: Record<string, number> = {};
const codes: Record<string, string> = {};
const SYSTEM_PASSWORD = 'mot-de-passe-technique';

// ---- who calls, what a row needs ------------------------------------------------

type Who = { kind: 'anonymous' } | { kind: 'profile'; p: Profile } | { kind: 'admin' } | { kind: 'system' };
/** every listed right (`all`), one of them (`any`), a session, an administrator, the technical user */
type Need = { all: [string, Access][] } | { any: [string, Access][] } | 'session' | 'admin' | 'system';
interface Req {
  path: string;
  body?: unknown;
  client?: Client;
  /** the records a declared example made for this call, read again by its `unchanged` */
  scope?: Scope;
}
interface Row {
  method: 'GET' | 'POST' | 'PUT';
  /** the route as the router declares it */
  route: string;
  /** one use of a route serving several (the actions of /rest/booking/:id/:action…) */
  variant?: string;
  /** the right, for a variant needing more than its declaration, or log-out (declared public, it needs a session) */
  need?: Need;
  /** the request for one call, with fresh records when the call changes them */
  make: (who: Who) => Promise<Req>;
  /** what a refused call must leave as it was */
  state?: (req: Req) => Promise<unknown>;
  /** the allowed answer when it is not 200, and why */
  ok?: { status: number; why: string };
  /** why the allowed call is not made */
  skipAllowed?: string;
}

let statistics: Promise<unknown> | null = null;
/** Until no statistics regeneration runs (POST /rest/stat/regenerate starts one in the background). */
const statisticsIdle = () =>
  vi.waitFor(async () => expect(await t.knex('stat_run').where('status', 'running').first('id')).toBeUndefined(), {
    timeout: 60_000,
    interval: 100,
  });
/** The statistics tables regenerated once (the screens answer 503 before). */
const statisticsReady = () => (statistics ??= statisticsIdle().then(() => regenerateAll(t.knex)));

const isPair = (r: Right): r is RightPair => Array.isArray(r);
/** What a declaration's right means for the matrix. */
function needFromRight(right: Right): Need {
  if (right === 'session' || right === 'admin') return right;
  if (right === 'public') throw new Error('a public route has no row');
  if (isPair(right)) return { all: [[right[0], right[1]]] };
  if ('system' in right) return 'system';
  if ('all' in right) return { all: right.all.map(([f, a]) => [f, a]) };
  return { any: right.any.map(([f, a]) => [f, a]) };
}
const declaredRight = (row: Row) => declaredRoutes().find((d) => d.key === `${row.method} ${row.route}`)?.right;
/** The row's need: its declaration's right unless the row names more for its variant. */
function needOf(row: Row): Need {
  if (row.need) return row.need;
  const right = declaredRight(row);
  if (!right) throw new Error(`${row.method} ${row.route}: neither declared with defineRoute nor given a need`);
  return needFromRight(right);
}
const allows = (need: Need, who: Who): boolean => {
  if (who.kind === 'anonymous') return false;
  if (who.kind === 'system') return true; // the technical user is an administrator too
  if (need === 'session') return true;
  if (who.kind === 'admin') return need !== 'system';
  if (need === 'admin' || need === 'system') return false;
  return 'all' in need ? need.all.every(([, a]) => allowedAt(who.p, a)) : need.any.some(([, a]) => allowedAt(who.p, a));
};
const deniedMessage = (need: Need) =>
  need === 'admin' ? MESSAGES.ADMIN_ONLY : need === 'system' ? null : MESSAGES.INSUFFICIENT_RIGHT;

// ---- fixtures ---------------------------------------------------------------------

const admin = () => t.admin;
const post = async (path: string, body: unknown) => {
  const r = await admin().post(path, body, { 'X-Confirm': 'overpayment' });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text}`);
  return r.body;
};
const place = async (fields: Record<string, unknown> = {}) => (await makePlace(admin(), ref, fields)).id as number;
/** A booking of its own place (so that no two fixtures compete for one): confirmed unless told. */
async function booking(a: BookArgs = {}) {
  const s = await book(admin(), ref, { placeId: await place(), customerId: ids.customer, ...a });
  return {
    id: s.booking.id as number,
    occupancyId: s.occupancies[0]?.id as number,
    placeId: s.occupancies[0]?.placeId as number,
  };
}
const temporary = () => booking({ temporary: true });
const bookingToday = () => booking({ startDate: todayParis(), endDate: addDays(todayParis(), 7) });
/** A confirmed booking with a second occupancy: one of them may go (a stay keeps its last one). */
async function withSpareOccupancy() {
  const b = await booking();
  await post(`/rest/booking/${b.id}/occupancy`, {
    placeId: await place(),
    startDate: '2031-07-01',
    endDate: '2031-07-04',
    details: [{ ageCategoryId: ref.ages.adult, quantity: 1 }],
  });
  return b;
}
async function act(id: number, action: string, body: Record<string, unknown> = {}) {
  await post(`/rest/booking/${id}/${action}`, body);
  return id;
}
const png = () => new Canvas(120, 80, [10, 200, 30]).png();
function upload(name: string, data: Buffer): FormData {
  const fd = new FormData();
  fd.append('uploadfile', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  return fd;
}
async function withLogo() {
  const r = await admin().request('POST', '/rest/establishment/establishment/setLogo', upload('logo.png', png()));
  if (r.status !== 200) throw new Error(r.text);
}
let planImage = false;
async function withPlanImage() {
  if (planImage) return;
  const r = await admin().request('POST', '/rest/planning/plan/image', upload('plan.png', png()));
  if (r.status !== 200) throw new Error(r.text);
  planImage = true;
}
async function onlineBooking(accepted = false) {
  const imp = await post('/rest/booking-import', {
    accessChannelId: ids.webChannel,
    externalRef: unique('WEB-'),
    lastName: 'Internaute',
    firstName: 'Zoé',
    placeTypeId: ref.placeTypes.MH4,
    startDate: '2031-05-02',
    endDate: '2031-05-09',
    adults: 2,
    amount: 45000,
  });
  if (accepted) await post(`/rest/booking-import/${imp.id}/accept`, {});
  return imp.id as number;
}
/** A channel (an online-booking module) pushing by webhook: forcing it reaches nobody. */
async function channelModuleRow() {
  const [row] = await t
    .knex('module_config')
    .insert({
      kind: 'online-booking',
      label: unique('Canal '),
      isActive: true,
      settings: JSON.stringify({ connector: 'webhook' }),
    })
    .returning('id');
  return row.id as number;
}
/** A place with one uploaded image: its id and the image's reference. */
async function placeWithImage() {
  const id = await place();
  const r = await admin().request('POST', `/rest/place/${id}/images`, upload('vue.png', png()));
  if (r.status !== 200) throw new Error(r.text);
  const image = r.body.images[0] as string;
  const [dir, file] = image.split('/');
  return { id, image, dir, name: file.replace('.png', '') };
}
/** A meter of its own (a fresh place), so that every call reads a new one. */
async function meter() {
  return (await post('/rest/meter', { placeId: await place(), meterTypeId: ids.meterType, number: unique('M-') }))
    .id as number;
}
/** A residential contract of its own place for 2031 (one yearly deadline), priced by its fee. */
async function residence() {
  const placeId = await place();
  const body = {
    placeId,
    customerId: ids.billedCustomer,
    startDate: '2031-01-01',
    isIndefinite: true,
    yearlyFee: 120000,
  };
  return (await post('/rest/place-affectation', body)).id as number;
}
/** A fresh rent receipt (saved, not billed) of a fresh contract. */
async function rentReceipt() {
  const made = await post('/rest/rent-receipt/multi-creation', { year: 2031, placeAffectationId: await residence() });
  return made.receiptIds[0] as number;
}
/** A priced stay of a customer with an address: a bill can be issued for it. */
const billable = () => booking({ customerId: ids.billedCustomer });
async function issuedBill() {
  return (await post(`/rest/booking/${(await billable()).id}/bill`, { kind: 'final' })).id as number;
}
/** A cheque received for the matrix's booking, not yet remitted. */
async function chequePayment() {
  return (
    await post('/rest/payment', {
      bookingId: ids.booking,
      paymentMethodId: ids.cheque,
      amount: 1000,
      date: '2031-07-01',
      chequeNumber: '0001234',
      chequeHolder: 'Client matrice',
      payingInstitution: 'Banque du test',
    })
  ).id as number;
}
/** Logs the caller in once more, for a call that ends its session (none without a session). */
async function ownSession(who: Who): Promise<Client | undefined> {
  if (who.kind !== 'profile') return undefined;
  const c = t.client();
  const r = await c.login(who.p.login, PASSWORD);
  if (r.status !== 200) throw new Error(r.text);
  return c;
}
// ---- fresh records and the test's records -----------------------------------------------

/** What a fresh maker answers: an id, a value (a token), or several read by `field` (`id` by default). */
type Made = number | string | Record<string, unknown>;
/** The makers of the records an example names `{ fresh }` (api/http/route-spec.ts), one per call. */
const FRESH: Record<ExampleFixture, () => Promise<Made>> = {
  booking: async () => (await booking()).id,
  temporaryBooking: async () => (await temporary()).id,
  optionBooking: async () => (await booking({ kind: 'option' })).id,
  // Arrival is possible from the arrival day: these stays begin today.
  bookingToday: async () => (await bookingToday()).id,
  arrivedBooking: async () => act((await bookingToday()).id, 'arrive'),
  departedBooking: async () => act(await act((await bookingToday()).id, 'arrive'), 'depart'),
  cancellingBooking: async () => act((await booking()).id, 'mark-cancelling', { reason: 'Motif du test' }),
  billableBooking: async () => (await billable()).id,
  occupancy: async () => (await booking()).occupancyId,
  spareOccupancy: async () => (await withSpareOccupancy()).occupancyId,
  place: () => place(),
  mobileHomePlace: () => place({ placeTypeId: ref.placeTypes.MH4, capacity: 4 }),
  customer: async () => (await makeCustomer(admin())).id,
  extra: async () => (await post('/rest/extra', { label: unique('Pain ') })).id,
  conciergeExtra: async () => (await post('/rest/extra', { label: unique('Vélo '), isConcierge: true })).id,
  conciergeOrder: async () =>
    (
      await post('/rest/concierge/order', {
        occupancyId: (await booking()).occupancyId,
        extraId: (await post('/rest/extra', { label: unique('Vélo '), isConcierge: true })).id,
        quantity: 1,
        serviceDate: '2031-07-03',
        serviceTime: '09:00',
      })
    ).id,
  credential: async () => {
    const [c] = await t
      .knex('access_credential')
      .insert({
        kind: 'badge',
        value: unique('R'),
        occupancyId: (await booking()).occupancyId,
        validFrom: '2031-07-01',
        validUntil: '2031-07-09',
      })
      .returning('id');
    return c.id as number;
  },
  onlineBooking: () => onlineBooking(),
  acceptedOnlineBooking: () => onlineBooking(true),
  channelModule: channelModuleRow,
  placeImage: placeWithImage,
  logo: async () => (await withLogo(), 0),
  planImage: async () => (await withPlanImage(), 0),
  statistics: async () => (await statisticsReady(), 0),
  // One regeneration at a time: each allowed profile's call starts once the previous run ended.
  idleStatistics: async () => (await statisticsIdle(), 0),
  meter,
  residence,
  rentReceipt,
  issuedBill,
  chequePayment,
  billableChequePayment: async () =>
    (
      await post('/rest/payment', {
        bookingId: (await billable()).id,
        paymentMethodId: ids.cheque,
        amount: 1000,
        date: '2031-07-01',
        chequeNumber: '0004321',
        chequeHolder: 'Client matrice',
        payingInstitution: 'Banque du test',
      })
    ).id,
  holidayAid: async () => {
    const bookingId = (await billable()).id;
    await t.knex('holiday_aid').insert({ bookingId, cafNumber: '1234567', amount: 100 });
    return bookingId;
  },
  yieldToken: async () => (await admin().get('/rest/yield/preview')).body.token as string,
  cashRegister: tillRegister,
  tillWindow,
  sale: async () => {
    const s = await tillSale();
    return { id: s.id, lineId: s.lines[0].id };
  },
  giftImport: async () => {
    const [r] = await t
      .knex('sale_gift_import')
      .insert({
        externalCode: unique('SHOP-M-'),
        shopArticle: 'Bon matrice',
        articleId: ids.giftArticle,
        amount: 2000,
        soldOn: '2026-11-20',
      })
      .returning('id');
    return r.id as number;
  },
  giftCsvLine: async () => `${unique('SHOP-')};Bon matrice;20,00;2026-11-20;Acheteur;`,
  // A file past its retention for each call: the allowed one purges it.
  expiredFile: async () => {
    const ref = `matrice/${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.txt`;
    const data = Buffer.from('matrice');
    await t.knex('stored_file').insert({ ref, mime: 'text/plain', size: data.length, data, createdAt: '2020-01-01' });
    return ref;
  },
};

/** The records a declaration's example names (api/http/route-spec.ts), made in beforeAll. */
const EXAMPLE_RECORDS: Record<ExampleRecord, () => number | string> = {
  booking: () => ids.booking,
  bill: () => ids.bill,
  customer: () => ids.customer,
  billedCustomer: () => ids.billedCustomer,
  place: () => ids.place,
  feature: () => ids.feature,
  user: () => ids.user,
  group: () => ids.group,
  grid: () => ids.grid,
  gridPeriod: () => ids.gridPeriod,
  gridOption: () => ids.option,
  gridVersion: () => ids.gridVersion,
  mail: () => ids.mail,
  deposit: () => ids.deposit,
  meterType: () => ids.meterType,
  mailing: () => ids.mailing,
  criteria: () => ids.criteria,
  cheque: () => ids.cheque,
  cash: () => ids.cash,
  vatPayment: () => ids.chequePaymentForVat,
  closableYear: () => ids.closableYear,
  rentReceipt: () => ids.rentReceipt,
  residentialContract: () => ids.contract,
  adultAge: () => ref.ages.adult,
  pitchType: () => ref.placeTypes.CONF,
  mobileHomeType: () => ref.placeTypes.MH4,
  cashRegister: () => ids.cashRegister,
  tillWindow: () => ids.tillWindow,
  article: () => ids.article,
  giftArticle: () => ids.giftArticle,
  sale: () => ids.sale,
  giftVoucher: () => ids.giftVoucher,
  giftVoucherCode: () => codes.giftVoucherCode,
};
function exampleRecord(name: string): number | string {
  const get = EXAMPLE_RECORDS[name as ExampleRecord];
  if (!get) throw new Error(`no example record named ${name} (EXAMPLE_RECORDS)`);
  const v = get();
  if (v === undefined) throw new Error(`the example record ${name} was not made in beforeAll`);
  return v;
}

/** One call's values: its fresh records (made once per name and nth) and its path parameters. */
class Scope {
  private made = new Map<string, Promise<Made>>();
  params: Record<string, unknown> = {};
  async fresh(name: string, field?: string, nth = 1): Promise<unknown> {
    const maker = FRESH[name as ExampleFixture];
    if (!maker) throw new Error(`no fresh maker named ${name} (FRESH)`);
    const key = `${name}#${nth}`;
    if (!this.made.has(key)) this.made.set(key, maker());
    const v = await this.made.get(key)!;
    return typeof v === 'object' ? v[field ?? 'id'] : v;
  }
  /** A value with its `ExampleRef` objects replaced, made in order (as a hand-written call would). */
  async resolve(v: unknown): Promise<unknown> {
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const x of v) out.push(await this.resolve(x));
      return out;
    }
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const only = (...keys: string[]) => Object.keys(o).every((k) => keys.includes(k));
    if (typeof o.record === 'string' && only('record')) return exampleRecord(o.record);
    if (typeof o.fresh === 'string' && only('fresh', 'field', 'nth'))
      return this.fresh(o.fresh, o.field as string | undefined, o.nth as number | undefined);
    if (typeof o.param === 'string' && only('param')) return this.params[o.param];
    if (typeof o.today === 'number' && only('today')) return addDays(todayParis(), o.today);
    if (typeof o.unique === 'string' && only('unique')) return unique(o.unique);
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) out[k] = await this.resolve(x);
    return out;
  }
}

// ---- the rows -----------------------------------------------------------------------

const B = 'booking.booking';
const PLANNING = 'camp.planning';

/**
 * Rows no declaration can bring: log-out (declared public, it needs a session), the session's user (the auth
 * routes are declared when the app is built, after this file collects its rows) and a call with the caller's id.
 */
const HAND_ROWS: Row[] = [
  {
    method: 'GET',
    route: '/rest/logout',
    need: 'session',
    make: async (who) => ({ path: '/rest/logout', client: await ownSession(who) }),
  },
  {
    method: 'POST',
    route: '/rest/logout',
    need: 'session',
    make: async (who) => ({ path: '/rest/logout', client: await ownSession(who) }),
  },
  { method: 'GET', route: '/rest/security/me', make: async () => ({ path: '/rest/security/me' }) },
  {
    method: 'GET',
    route: '/rest/security/user/get_right/:userId',
    variant: 'their own',
    need: 'session',
    make: async (who) => ({ path: `/rest/security/user/get_right/${who.kind === 'profile' ? who.p.id : ids.user}` }),
  },
];

/** A GET with no path parameter and no required query: called as it is. */
const plainGet = (d: RouteDecl) =>
  d.method === 'GET' &&
  !d.path.includes(':') &&
  !((d.query as { required?: string[] } | undefined)?.required ?? []).length;
const examplesOf = (d: RouteDecl): readonly ExampleCall[] =>
  d.example ? (Array.isArray(d.example) ? d.example : [d.example as ExampleCall]) : plainGet(d) ? [{}] : [];
/** A path parameter of an example: a record by its bare name, a literal, or a ref. */
const paramValue = (s: Scope, p: NonNullable<ExampleCall['params']>[string]) =>
  typeof p === 'string' ? exampleRecord(p) : 'value' in p ? p.value : s.resolve(p);

/** The row one example of a declaration describes. */
function declaredRow(d: RouteDecl, ex: ExampleCall): Row {
  const make = async (): Promise<Req> => {
    const scope = new Scope();
    for (const name of d.path.match(/:(\w+)/g)?.map((m) => m.slice(1)) ?? []) {
      const p = ex.params?.[name];
      if (p === undefined) throw new Error(`${d.key}: the example names no value for :${name}`);
      scope.params[name] = await paramValue(scope, p);
    }
    const path = d.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(scope.params[name])));
    const query = ex.query ? ((await scope.resolve(ex.query)) as Record<string, unknown>) : undefined;
    const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
    const body = ex.upload ? upload(`matrice.${ex.upload}`, png()) : await scope.resolve(ex.body);
    for (const name of ex.uses ?? []) await scope.fresh(name);
    return { path: path + search, body, scope };
  };
  const u = ex.unchanged;
  const state = u
    ? async (req: Req) => {
        const where = (await req.scope!.resolve(u.where ?? {})) as Record<string, unknown>;
        const q = t.knex(u.table);
        for (const [k, v] of Object.entries(where)) {
          if (Array.isArray(v)) q.whereIn(k, v);
          else q.where(k, v as string | number);
        }
        if (u.count) return q.count({ n: '*' });
        return (await q.select('*')).map((r) => JSON.stringify(r)).sort();
      }
    : undefined;
  return {
    method: d.method as Row['method'],
    route: d.path,
    variant: ex.variant,
    need: ex.right ? needFromRight(ex.right) : undefined,
    make,
    state,
    ok: ex.ok,
    skipAllowed: ex.skipAllowed,
  };
}
/** Every declared route's rows: one per example, or the route itself for a plain GET. */
const DECLARED_ROWS: Row[] = declaredRoutes()
  .filter((d) => d.right !== 'public')
  .flatMap((d) => examplesOf(d).map((ex) => declaredRow(d, ex)));
const ALL_ROWS = [...HAND_ROWS, ...DECLARED_ROWS];

// ---- set-up -----------------------------------------------------------------------

beforeAll(async () => {
  t = await startTestServer();
  ref = await reference(t);
  profiles = await matrixProfiles(t);
  await ensureSystemUser(t.knex, SYSTEM_PASSWORD);
  system = t.client();
  expect((await system.login(SYSTEM_LOGIN, SYSTEM_PASSWORD)).status).toBe(200);
  ids.user = (await createUser(t)).id;
  ids.group = (await post('/rest/security/group', { label: 'Matrice des routes' })).id;
  ids.customer = (await makeCustomer(admin())).id;
  ids.place = await place();
  ids.feature = (await post('/rest/feature', { label: unique('Ombragé ') })).id;
  ids.booking = (await booking()).id;
  ids.webChannel = (await t.knex('access_channel').where('code', 'WEB').first('id')).id;
  ids.meterType = (await post('/rest/meter-type', { label: unique('Compteur '), unit: 'kWh' })).id;
  await post('/rest/establishment/preference/group/edit', { providerId: 'FOURNISSEUR-1' });
  // A price grid for the pitches, with a period and an option, and its first history version.
  const grid = await post('/rest/price-grid', {
    label: unique('Grille matrice '),
    placeTypeId: ref.placeTypes.CONF,
    priceModel: 1,
  });
  ids.grid = grid.id;
  ids.gridPeriod = (
    await post('/rest/price-grid-period', {
      priceGridId: grid.id,
      label: 'Été',
      startDate: '2031-06-01',
      endDate: '2031-09-01',
      pricePerNight: 2500,
    })
  ).id;
  ids.option = (await post('/rest/price-grid-option', { priceGridId: grid.id, ageCategoryId: ref.ages.adult })).id;
  ids.gridVersion = (await admin().get(`/rest/pricing/grid/${grid.id}/versions`)).body[0].historyVersion;
  // What a bill needs: the company's legal data, a customer with an address, a priced stay.
  await t.knex('establishment').update({
    corporateName: 'SARL Matrice',
    address1: '1 route',
    postalCode: '40200',
    town: 'Mimizan',
    siren: '732829320',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    legalForm: 'SARL',
    capital: 100000,
    rcs: 'Dax',
    tradeRegisterNumber: '732 829 320',
  });
  ids.billedCustomer = (
    await makeCustomer(admin(), { address1: '5 rue des Lilas', postalCode: '33000', town: 'Bordeaux' })
  ).id;
  ids.bill = await issuedBill();
  ids.cheque = (await post('/rest/payment-method', { label: unique('Chèque '), kind: 'cheque', isBankable: true })).id;
  ids.deposit = (
    await post('/rest/bank-deposit/create', {
      paymentMethodId: ids.cheque,
      paymentIds: [await chequePayment()],
      date: '2031-07-01',
    })
  ).id;
  // A document model with its e-mail, and a failed e-mail with an attachment (resent by the matrix).
  const model = (
    await post('/rest/document-function-model', {
      functionCode: 'booking-confirmation',
      label: unique('Confirmation '),
    })
  ).id;
  ids.mailing = (
    await post('/rest/mailing-configuration', {
      documentFunctionModelId: model,
      label: 'Standard',
      subject: 'Séjour {{stay.code}}',
      body: '<p>Bonjour</p>',
    })
  ).id;
  ids.mail = (await enqueueMail(t.knex, {
    kind: 'test',
    to: 'client@example.org',
    subject: 'Essai',
    html: '<p>x</p>',
    attachments: [{ fileName: 'essai.pdf', mime: 'application/pdf', data: Buffer.from('%PDF-1.4') }],
  }))!;
  await t.knex('mail_message').where('id', ids.mail).update({ status: 'failed' });
  // A campaign's audience: a customer with consent and an address.
  await post('/rest/customer', { lastName: 'Abonné', email: 'abonne@example.org', newsletterConsent: true });
  ids.criteria = (await post('/rest/mailing-criteria', { label: unique('Critère '), criteria: {} })).id;
  ids.chequePaymentForVat = await chequePayment();
  ids.cash = (await post('/rest/payment-method', { label: unique('Espèces '), kind: 'cash', isBankable: true })).id;
  await post('/rest/payment-method', { label: unique('Groupé '), kind: 'grouped' });
  // The oldest financial year, ended, the next one present: the technical user may close it.
  ids.closableYear = (
    await post('/rest/establishment/financial-year', {
      label: 'Exercice 2001',
      startDate: '2001-01-01',
      endDate: '2001-12-31',
    })
  ).id;
  await post('/rest/establishment/financial-year', {
    label: 'Exercice 2002',
    startDate: '2002-01-01',
    endDate: '2002-12-31',
  });
  ids.rentReceipt = await rentReceipt();
  ids.contract = (
    await post('/rest/residential-contract', {
      placeAffectationId: await residence(),
      startDate: '2031-01-01',
      isIndefinite: true,
    })
  ).id;
  const f = await till();
  Object.assign(ids, {
    cashRegister: f.reg,
    tillWindow: f.window,
    article: f.article,
    giftArticle: f.giftArticle,
    sale: f.sale,
    giftVoucher: f.voucher,
  });
  codes.giftVoucherCode = f.voucherCode;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

// ---- the route table --------------------------------------------------------------

/** Every route of the application's routers: `METHOD /path`. */
function mountedRoutes(app: Koa): string[] {
  const routers = app.middleware.map((m: any) => m.router as Router | undefined).filter((r): r is Router => !!r);
  return [
    ...new Set(
      routers.flatMap((r) =>
        r.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`)),
      ),
    ),
  ];
}

/** Every route of the application's routers but the generic ones and log-in. */
function handWrittenRoutes(app: Koa): string[] {
  const generic = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
  // log-in and the links of e-mails (unsubscribe, satisfaction survey) are public: no session, so no row
  const open = new Set(['POST /rest/security/login', 'GET /rest/unsubscribe', 'GET /rest/survey', 'POST /rest/survey']);
  // the channels' iCal feeds (a secret token) and signed webhooks (HMAC): no session either
  for (const k of ['GET /rest/ical/:kind/:id/:file', 'POST /rest/channel-hook/:channelId']) open.add(k);
  // the barrier systems' pull of access credentials: a module's token in X-Access-Token
  open.add('GET /rest/access-control/credentials');
  // the health probe (start-up running or done) a supervisor reads without a session
  open.add('GET /rest/health');
  return mountedRoutes(app).filter((k) => !generic.has(k) && !open.has(k));
}

describe('the matrix covers the route table', () => {
  it('has a row for every hand-written route and none for a route that does not exist', () => {
    const app = createApp({ db: { knex: t.knex } as any, port: t.port, adminDist: null });
    const routes = handWrittenRoutes(app);
    expect(routes.length).toBeGreaterThan(60);
    const rows = new Set(ALL_ROWS.map((r) => `${r.method} ${r.route}`));
    expect(
      routes.filter((k) => !rows.has(k)),
      'hand-written routes without a matrix row (declare an `example` with the route)',
    ).toEqual([]);
    expect(
      [...rows].filter((k) => !routes.includes(k)),
      'matrix rows of no route',
    ).toEqual([]);
  });

  it('takes the right of every declared route from its declaration, mounted as declared', () => {
    const app = createApp({ db: { knex: t.knex } as any, port: t.port, adminDist: null });
    const routes = mountedRoutes(app);
    const declared = declaredRoutes().filter((d) => d.right !== 'public');
    expect(declared.length).toBeGreaterThan(0);
    expect(
      declared.map((d) => d.key).filter((k) => !routes.includes(k)),
      'declared routes not mounted',
    ).toEqual([]);
    // A row repeating a declared right would be a second declaration, free to drift.
    const restated = HAND_ROWS.filter(
      (r) => r.need && !r.variant && declaredRight(r) && declaredRight(r) !== 'public',
    ).map((r) => `${r.method} ${r.route}`);
    expect(restated, 'rows restating the right of a declared route').toEqual([]);
  });

  it('reads every variant right and every record an example names', () => {
    const examples = declaredRoutes().flatMap((d) => examplesOf(d).map((ex) => [d.key, ex] as const));
    expect(
      examples.filter(([, ex]) => ex.right && !ex.variant).map(([k]) => k),
      'an example naming a right needs a variant',
    ).toEqual([]);
    // Every `{ fresh }`, `{ record }` and bare record name of a parameter must have its maker here.
    const names: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (typeof o.fresh === 'string') names.push(`fresh ${o.fresh}`);
        if (typeof o.record === 'string') names.push(`record ${o.record}`);
        Object.values(o).forEach(walk);
      }
    };
    for (const [, ex] of examples) {
      walk(ex);
      for (const p of Object.values(ex.params ?? {})) if (typeof p === 'string') names.push(`record ${p}`);
      for (const u of ex.uses ?? []) names.push(`fresh ${u}`);
    }
    const known = new Set([
      ...Object.keys(FRESH).map((n) => `fresh ${n}`),
      ...Object.keys(EXAMPLE_RECORDS).map((n) => `record ${n}`),
    ]);
    expect(
      [...new Set(names)].filter((n) => !known.has(n)),
      'example names without a maker',
    ).toEqual([]);
  });

  it('has a row for every action of /rest/booking/{id}/{action}', () => {
    const covered = ALL_ROWS.map((r) => /^\/rest\/booking\/:id\/(.+)$/.exec(r.route)?.[1]).filter(
      (a) => a && (ACTIONS as readonly string[]).includes(a),
    );
    expect(covered.sort()).toEqual([...ACTIONS].sort());
  });

  it('the barrier pull takes its module token, never a session: an administrator without it gets 401', async () => {
    const anonymous = await t.client().get('/rest/access-control/credentials');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('ACCESS_BAD_TOKEN');
    expect((await t.admin.get('/rest/access-control/credentials')).status).toBe(401);
  });

  it('log-in is the one route open without a session', async () => {
    const r = await t.client().post('/rest/security/login', { login: 'personne', password: 'faux' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('LOGIN_FAILED');
    await t.knex('login_attempt').where({ success: false }).delete();
  });
});

// ---- the matrix -----------------------------------------------------------------------

// The matrix tests rights, not the overpayment rule (money-overpayment.test.ts): its
// payments, on stays whose price is already paid or nil, are confirmed knowingly.
const KNOWINGLY = { 'X-Confirm': 'overpayment' };

async function call(client: Client, row: Row, req: Req): Promise<Reply> {
  return client.request(row.method, req.path, req.body ?? (row.method === 'GET' ? undefined : {}), KNOWINGLY);
}

describe.each(ALL_ROWS.map((r) => [`${r.method} ${r.route}${r.variant ? ` (${r.variant})` : ''}`, r] as const))(
  '%s',
  (_label, row) => {
    it('403 without a session; for each level 200 when it allows, else 401 and nothing changes', async () => {
      const anon = await row.make({ kind: 'anonymous' });
      const none = await call(makeClient(t.url), row, anon);
      expect(none.status, none.text).toBe(403);
      expect(none.body.message).toBe(MESSAGES.NOT_LOGGED_IN);
      for (const p of profiles) {
        const who: Who = { kind: 'profile', p };
        const req = await row.make(who);
        const need = needOf(row);
        const before = row.state && !allows(need, who) ? await row.state(req) : undefined;
        const res = await call(req.client ?? p.client, row, req);
        const label = `${p.name}: ${row.method} ${req.path} ${res.text.slice(0, 300)}`;
        if (allows(need, who)) {
          expect(res.status, label).toBe(row.ok?.status ?? 200);
        } else {
          expect(res.status, label).toBe(401);
          const message = deniedMessage(need);
          if (message) expect(res.body.message, label).toBe(message);
          if (row.state) expect(await row.state(req), `${label}: a refusal changed the data`).toEqual(before);
        }
      }
    });

    it.skipIf(!!row.skipAllowed)('administrators and the technical user as the row says', async () => {
      if (needOf(row) === 'session') return; // anyone logged in: the profiles above showed it
      for (const who of [{ kind: 'admin' }, { kind: 'system' }] as const) {
        const req = await row.make(who);
        const client = req.client ?? (who.kind === 'admin' ? t.admin : system);
        const res = await call(client, row, req);
        const label = `${who.kind}: ${row.method} ${req.path} ${res.text.slice(0, 300)}`;
        if (allows(needOf(row), who)) expect(res.status, label).toBe(row.ok?.status ?? 200);
        else expect(res.status, label).toBe(401);
        // The year closes once; the technical user's call came after the administrator's refusal.
        if (row.route === '/rest/financial-year/close/:id' && who.kind === 'system') {
          expect(await t.knex('financial_year').where('id', ids.closableYear).first('isClosed')).toEqual({
            isClosed: true,
          });
        }
      }
    });
  },
);

describe('routes needing several rights check each of them', () => {
  const withRights = (rights: Record<string, string>) =>
    userWithRights(t, { rights: Object.fromEntries(Object.entries(rights).map(([k, v]) => [k, { rights: v }])) });

  it('moving a stay on the planning needs the planning and the bookings at 011', async () => {
    const b = await booking();
    const move = {
      kind: 'occupancy',
      id: b.occupancyId,
      placeId: await place(),
      startDate: '2031-07-01',
      endDate: '2031-07-08',
    };
    expect(
      (await (await withRights({ [PLANNING]: '111', [B]: '001' })).client.post('/rest/planning/move', move)).status,
    ).toBe(401);
    expect(
      (await (await withRights({ [PLANNING]: '001', [B]: '111' })).client.post('/rest/planning/move', move)).status,
    ).toBe(401);
    expect(
      (await (await withRights({ [PLANNING]: '011', [B]: '011' })).client.post('/rest/planning/move', move)).status,
    ).toBe(200);
  });

  it('a quote is read with the bookings or with the prices', async () => {
    const body = (await ALL_ROWS.find((r) => r.route === '/rest/pricing/quote')!.make({ kind: 'admin' })).body;
    expect((await (await withRights({ 'stay.price': '001' })).client.post('/rest/pricing/quote', body)).status).toBe(
      200,
    );
    expect((await (await withRights({ [B]: '001' })).client.post('/rest/pricing/quote', body)).status).toBe(200);
    expect(
      (await (await withRights({ 'customer.customer': '111' })).client.post('/rest/pricing/quote', body)).status,
    ).toBe(401);
  });
});

// ---- the till's fixtures (api/domain/sales) -----------------------------------------
let tillFixture: Promise<Record<string, any>> | undefined;
/** A register with an open window, a tracked article in stock, a ticket and a gift voucher. */
function till(): Promise<Record<string, any>> {
  tillFixture ??= (async () => {
    await t.knex('establishment').update({
      corporateName: 'SARL Matrice',
      address1: '1 rue du Test',
      postalCode: '40200',
      town: 'Mimizan',
      siren: '732829320',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      legalForm: 'SARL',
      capital: 500000,
      rcs: 'Mont-de-Marsan',
      tradeRegisterNumber: 'RCS 732 829 320',
    });
    await post('/rest/payment-method', { label: unique('Espèces matrice '), kind: 'cash' });
    const family = (await post('/rest/article-family', { label: unique('Famille matrice ') })).id;
    const article = (
      await post('/rest/article', {
        code: unique('ART'),
        label: 'Glace matrice',
        articleFamilyId: family,
        price: 250,
        isStockTracked: true,
      })
    ).id;
    await post(`/rest/article/${article}/stock-movement`, { kind: 'delivery', quantity: 1000 });
    const reg = await tillRegister();
    const window = (await post('/rest/sales/window/open', { cashRegisterId: reg })).id;
    const giftArticle = (
      await post('/rest/article', {
        code: unique('BONM'),
        label: 'Bon matrice',
        articleFamilyId: family,
        price: 2000,
        giftType: 'value',
      })
    ).id;
    const fix: Record<string, any> = { reg, window, article, giftArticle };
    tillFixture = Promise.resolve(fix);
    fix.sale = (await tillSale()).id;
    const [v] = await t
      .knex('gift_voucher')
      .insert({
        code: unique('BC-MATRICE').toUpperCase(),
        giftType: 'value',
        initialValue: 1000,
        remainingValue: 1000,
        issuedOn: '2026-01-01',
        validUntil: '2036-01-01',
      })
      .returning(['id', 'code']);
    Object.assign(fix, { voucher: v.id, voucherCode: v.code });
    return fix;
  })();
  return tillFixture;
}
async function tillRegister(): Promise<number> {
  const type = (await post('/rest/cash-register-type', { label: unique('Type matrice ') })).id;
  return (
    await post('/rest/cash-register', {
      label: unique('Caisse matrice '),
      code: unique('M').slice(0, 10),
      cashRegisterTypeId: type,
    })
  ).id;
}
async function tillWindow(): Promise<number> {
  return (await post('/rest/sales/window/open', { cashRegisterId: await tillRegister() })).id;
}
async function tillSale(): Promise<Record<string, any>> {
  const f = await till();
  return post('/rest/sales/sell', {
    cashRegisterId: f.reg,
    lines: [{ articleId: f.article, quantity: 1 }],
    payments: [{ kind: 'cash', amount: 250 }],
  });
}
