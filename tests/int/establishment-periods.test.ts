// Financial years and activity periods (§5 (docs/entities.md#validation), §8, docs/errors.md#messages): whole months or
// years, never overlapping (API message first, exclusion constraint as the guarantee),
// "Exercice absent ou clos" (activity periods inside open financial years), a closed
// year unchangeable, closing (POST /rest/financial-year/close/{id}) for the technical
// user only, in order, once the year has ended and the next one exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import {
  activityPeriodAt,
  assertInActivityPeriod,
  assertOpenFinancialYear,
  financialYearAt,
} from '../../api/domain/establishment/periods';
import { LAST_TEST_YEAR } from '../future-years';
import { closeFinancialYear } from '../../api/domain/establishment/financial-year-close';
import { requireSystemUser } from '../../api/auth/access';
import { ensureSystemUser, SYSTEM_LOGIN } from '../../api/auth/system';
import { userWithRights } from './security-helpers';
import { todayParis } from '../../common/dates';
import { wholeMonths } from '../../common/periods';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const FY = '/rest/establishment/financial-year';
const AP = '/rest/establishment/activity-period';

describe('whole months', () => {
  it('counts whole months of inclusive ranges', () => {
    expect(wholeMonths('2026-01-01', '2026-12-31')).toBe(12);
    expect(wholeMonths('2025-10-01', '2027-03-31')).toBe(18);
    expect(wholeMonths('2026-02-01', '2026-02-28')).toBe(1);
    expect(wholeMonths('2028-02-01', '2028-02-28')).toBeNull();
    expect(wholeMonths('2026-01-02', '2026-12-31')).toBeNull();
    expect(wholeMonths('2026-01-01', '2026-12-30')).toBeNull();
  });
});

// Activity periods lie inside open financial years: theirs are tested 7 years earlier,
// in civil financial years made for them (without overlapping the financial years tested);
// every year past and inside the window of business dates (2000 to five years ahead), so
// that the seeded years (this one and the next) never meet them.
describe.each([
  ['financial years', FY, 'financial_year', 24, 0],
  ['activity periods', AP, 'activity_period', 12, -7],
] as const)('%s', (_n, base, table, maxMonths, shift) => {
  const y = (year: number) => year + shift;
  beforeAll(async () => {
    if (!shift) return;
    await t.knex('financial_year').insert(
      Array.from({ length: 4 }, (_, i) => ({
        label: `Exercice ${2013 + i}`,
        startDate: `${2013 + i}-01-01`,
        endDate: `${2013 + i}-12-31`,
      })),
    );
  });

  it('are seeded for this civil year and the next (the later ones are the test template’s)', async () => {
    const year = Number(todayParis().slice(0, 4));
    const rows = await t.knex(table).orderBy('startDate').select('startDate', 'endDate');
    const last = Math.max(LAST_TEST_YEAR, year + 7);
    expect(rows).toEqual(
      Array.from({ length: last - year + 1 }, (_, i) => ({
        startDate: `${year + i}-01-01`,
        endDate: `${year + i}-12-31`,
      })),
    );
  });

  it('cover whole months', async () => {
    const a = await t.admin.post(base, {
      label: 'Pas entier',
      startDate: `${y(2020)}-01-15`,
      endDate: `${y(2020)}-12-31`,
    });
    expect(a.status).toBe(400);
    expect(a.body.errors.startDate).toBe('Les dates doivent former des mois ou des années entiers');
    const b = await t.admin.post(base, {
      label: 'Pas entier 2',
      startDate: `${y(2020)}-01-01`,
      endDate: `${y(2020)}-12-30`,
    });
    expect(b.body.errors.startDate).toBe('Les dates doivent former des mois ou des années entiers');
    const long = await t.admin.post(base, {
      label: 'Trop long',
      startDate: `${y(2020)}-01-01`,
      endDate: `${y(2020) + Math.ceil(maxMonths / 12)}-01-31`,
    });
    expect(long.body.errors.endDate).toBe(`Une période ne peut pas dépasser ${maxMonths} mois`);
    const ok = await t.admin.post(base, {
      label: 'Entier',
      startDate: `${y(2020)}-04-01`,
      endDate: `${y(2020)}-09-30`,
    });
    expect(ok.status, ok.text).toBe(200);
    // The database refuses what the API would.
    await expect(
      t.knex(table).insert({ label: 'Direct', startDate: `${y(2021)}-01-02`, endDate: `${y(2021)}-03-31` }),
    ).rejects.toThrow(/whole_months/);
  });

  it('never overlap (end dates are inclusive)', async () => {
    const first = await t.admin.post(base, {
      label: 'Chev. 1',
      startDate: `${y(2022)}-01-01`,
      endDate: `${y(2022)}-06-30`,
    });
    expect(first.status, first.text).toBe(200);
    const overlap = await t.admin.post(base, {
      label: 'Chev. 2',
      startDate: `${y(2022)}-06-01`,
      endDate: `${y(2022)}-12-31`,
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors.startDate).toBe('Les périodes se chevauchent');
    const next = await t.admin.post(base, {
      label: 'Chev. 3',
      startDate: `${y(2022)}-07-01`,
      endDate: `${y(2022)}-12-31`,
    });
    expect(next.status, next.text).toBe(200);
    const moved = await t.admin.put(`${base}/${next.body.id}`, { startDate: `${y(2022)}-06-01` });
    expect(moved.body.errors.startDate).toBe('Les périodes se chevauchent');
    // Updating a period onto itself is not an overlap.
    expect((await t.admin.put(`${base}/${first.body.id}`, { endDate: `${y(2022)}-05-31` })).status).toBe(200);
    // The exclusion constraint holds even behind the API's back, with its French message.
    const err = await t
      .knex(table)
      .insert({ label: 'Direct 2', startDate: `${y(2022)}-03-01`, endDate: `${y(2022)}-03-31` })
      .catch((e) => e);
    expect(err.code).toBe('23P01');
    expect(err.constraint).toBe(`ex_${table}__overlap`);
  });

  it('have unique labels', async () => {
    const r = await t.admin.post(base, {
      label: 'Chev. 1',
      startDate: `${y(2023)}-01-01`,
      endDate: `${y(2023)}-01-31`,
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.label).toBe(
      table === 'financial_year' ? 'Cet exercice existe déjà' : "Cette période d'activité existe déjà",
    );
  });
});

describe('assertOpenFinancialYear', () => {
  it('answers the open financial year of a date, else "Exercice absent ou clos"', async () => {
    const today = todayParis();
    await expect(assertOpenFinancialYear(t.knex, today)).resolves.toMatchObject({
      label: `Exercice ${today.slice(0, 4)}`,
    });
    await expect(assertOpenFinancialYear(t.knex, '2001-05-01')).rejects.toMatchObject({
      status: 400,
      code: 'NO_FINANCIAL_YEAR',
      message: 'Exercice absent ou clos',
    });
    const fy = await t.admin.post(FY, { label: 'Exercice 2005', startDate: '2005-01-01', endDate: '2005-12-31' });
    await expect(assertOpenFinancialYear(t.knex, '2005-12-31')).resolves.toMatchObject({ id: fy.body.id });
    // Closing (the closure module sets these) makes it unavailable and unchangeable.
    await t
      .knex('financial_year')
      .where('id', fy.body.id)
      .update({ isClosed: true, closedAt: new Date().toISOString() });
    await expect(assertOpenFinancialYear(t.knex, '2005-06-15')).rejects.toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
    expect(await financialYearAt(t.knex, '2005-06-15')).toMatchObject({ isClosed: true });
    const edit = await t.admin.put(`${FY}/${fy.body.id}`, { label: 'Rouvert' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('Exercice clos : modification impossible');
    expect((await t.admin.del(`${FY}/${fy.body.id}`)).body.code).toBe('FINANCIAL_YEAR_CLOSED');
    // isClosed is read-only through the API.
    const other = await t.admin.post(FY, {
      label: 'Exercice 2006',
      startDate: '2006-01-01',
      endDate: '2006-12-31',
      isClosed: true,
    });
    expect(other.body.isClosed).toBe(false);
  });
});

describe('activity periods for bookings', () => {
  it('tell whether a date lies in an activity period', async () => {
    expect(await activityPeriodAt(t.knex, todayParis())).toBeTruthy();
    await expect(assertInActivityPeriod(t.knex, '2001-05-01')).rejects.toMatchObject({ code: 'DATE_OUTSIDE_ACTIVITY' });
  });
});

describe('closing is for the technical user only', () => {
  const ctx = (user: unknown) => ({ state: { user } }) as any;
  it('requireSystemUser: 403 without a session, 401 for anyone but the technical user', () => {
    expect(() => requireSystemUser(ctx(undefined))).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => requireSystemUser(ctx({ id: 1, isAdmin: true, isSystem: false }))).toThrow(
      expect.objectContaining({ status: 401, message: "Seul l'utilisateur technique peut clôturer" }),
    );
    expect(requireSystemUser(ctx({ id: 2, isAdmin: true, isSystem: true })).id).toBe(2);
  });
});

describe('"Exercice absent ou clos": an activity period lies inside open financial years', () => {
  it('refuses dates no open financial year holds, on the first such date', async () => {
    const none = await t.admin.post(AP, { label: 'Sans exercice', startDate: '2010-01-01', endDate: '2010-06-30' });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('NO_FINANCIAL_YEAR');
    expect(none.body.errors.startDate).toBe('Exercice absent ou clos');
    await t.admin.post(FY, { label: 'Exercice 2011', startDate: '2011-01-01', endDate: '2011-12-31' });
    const after = await t.admin.post(AP, { label: 'Déborde', startDate: '2011-07-01', endDate: '2012-03-31' });
    expect(after.body.errors.endDate).toBe('Exercice absent ou clos');
    // Across two open financial years is fine.
    await t.admin.post(FY, { label: 'Exercice 2012', startDate: '2012-01-01', endDate: '2012-12-31' });
    const across = await t.admin.post(AP, { label: 'À cheval', startDate: '2011-07-01', endDate: '2012-03-31' });
    expect(across.status, across.text).toBe(200);
    // Closed since: the dates can no longer move there, the label may still change.
    await t
      .knex('financial_year')
      .where('label', 'Exercice 2011')
      .update({ isClosed: true, closedAt: new Date().toISOString() });
    const moved = await t.admin.put(`${AP}/${across.body.id}`, { startDate: '2011-08-01' });
    expect(moved.body.errors.startDate).toBe('Exercice absent ou clos');
    expect((await t.admin.put(`${AP}/${across.body.id}`, { label: 'À cheval (clos)' })).status).toBe(200);
    expect(
      (await t.admin.post(AP, { label: 'Dans un exercice clos', startDate: '2011-01-01', endDate: '2011-03-31' })).body
        .code,
    ).toBe('NO_FINANCIAL_YEAR');
  });
});

describe('closing a financial year (POST /rest/financial-year/close/{id})', () => {
  const close = (c = system, id: number) => c.post(`/rest/financial-year/close/${id}`, {});
  let system: ReturnType<TestServer['client']>;
  const years: Record<number, number> = {};
  beforeAll(async () => {
    await ensureSystemUser(t.knex, 'mot-de-passe-technique');
    system = t.client();
    expect((await system.login(SYSTEM_LOGIN, 'mot-de-passe-technique')).status).toBe(200);
    for (const y of [2001, 2002, 2003])
      years[y] = (
        await t.admin.post(FY, { label: `Exercice ${y}`, startDate: `${y}-01-01`, endDate: `${y}-12-31` })
      ).body.id;
  });

  it(
    'is for the technical user only: 403 without a session, 401 for an administrator or a user holding the ' +
      'closures right',
    async () => {
      expect((await close(t.client(), years[2001])).status).toBe(403);
      const admin = await close(t.admin, years[2001]);
      expect(admin.status).toBe(401);
      expect(admin.body.message).toBe("Seul l'utilisateur technique peut clôturer");
      const closer = await userWithRights(t, { rights: { 'invoice.closures': { rights: '111' } } });
      expect((await close(closer.client, years[2001])).status).toBe(401);
      expect((await t.knex('financial_year').where('id', years[2001]).first()).isClosed).toBe(false);
      expect((await close(system, 99999999)).status).toBe(404);
    },
  );

  it('closes the years in order, once ended, when the next one exists; a closed year is closed for good', async () => {
    const earlier = await close(system, years[2002]);
    expect(earlier.status).toBe(400);
    expect(earlier.body.message).toBe("L'exercice doit être clôturé");
    const ok = await close(system, years[2001]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'SAVED',
      message: 'Exercice clôturé',
      item: { id: years[2001], isClosed: true },
    });
    expect(ok.body.item.closedAt).toBeTruthy();
    const h = await t
      .knex('post_history')
      .where({ entity: 'financial-year', recordId: years[2001], action: 'action' })
      .first();
    expect(h.detail).toBe('Exercice clôturé');
    expect((await close(system, years[2001])).body.message).toBe('Rien à clôturer');
    expect((await t.admin.put(`${FY}/${years[2001]}`, { label: 'Rouvert' })).body.code).toBe('FINANCIAL_YEAR_CLOSED');
    expect((await close(system, years[2002])).status).toBe(200);
    // 2003 has no next year to carry over into.
    expect((await close(system, years[2003])).body.message).toBe('Créez un nouvel exercice');
    // The current year has not ended (and 2003 is still open).
    const current = await t
      .knex('financial_year')
      .where('startDate', `${todayParis().slice(0, 4)}-01-01`)
      .first();
    expect((await close(system, current.id)).body.code).toBe('YEAR_MUST_BE_CLOSED');
    await expect(closeFinancialYear(t.knex, years[2003], 1, '2003-12-31')).rejects.toMatchObject({
      status: 400,
      code: 'FINANCIAL_YEAR_NOT_ENDED',
      message: "L'exercice n'est pas terminé : clôture possible à partir du 01/01/2004",
    });
    // No activity period can be placed in a closed year.
    expect(
      (await t.admin.post(AP, { label: 'En 2001', startDate: '2001-06-01', endDate: '2001-08-31' })).body.code,
    ).toBe('NO_FINANCIAL_YEAR');
  });
});
