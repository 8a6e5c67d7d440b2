// Financial years and activity periods (§5, §8): whole months or years, never
// overlapping (API message first, exclusion constraint as the guarantee),
// "Exercice absent ou clos", a closed year unchangeable, closing for the
// technical user only (requireSystemUser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { activityPeriodAt, assertInActivityPeriod, assertOpenFinancialYear, financialYearAt } from '../../api/domain/establishment/periods';
import { requireSystemUser } from '../../api/auth/access';
import { todayParis } from '../../common/dates';
import { wholeMonths } from '../../common/periods';

let t: TestServer;
beforeAll(async () => { t = await startTestServer(); });
afterAll(async () => { await t?.close(); });

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

describe.each([['financial years', FY, 'financial_year', 24], ['activity periods', AP, 'activity_period', 12]] as const)('%s', (_n, base, table, maxMonths) => {
  it('are seeded for this civil year and the next', async () => {
    const year = Number(todayParis().slice(0, 4));
    const rows = await t.knex(table).orderBy('startDate').select('startDate', 'endDate');
    expect(rows).toEqual([{ startDate: `${year}-01-01`, endDate: `${year}-12-31` }, { startDate: `${year + 1}-01-01`, endDate: `${year + 1}-12-31` }]);
  });

  it('cover whole months', async () => {
    const a = await t.admin.post(base, { label: 'Pas entier', startDate: '2031-01-15', endDate: '2031-12-31' });
    expect(a.status).toBe(400);
    expect(a.body.errors.startDate).toBe('Les dates doivent former des mois ou des années entiers');
    const b = await t.admin.post(base, { label: 'Pas entier 2', startDate: '2031-01-01', endDate: '2031-12-30' });
    expect(b.body.errors.startDate).toBe('Les dates doivent former des mois ou des années entiers');
    const long = await t.admin.post(base, { label: 'Trop long', startDate: '2031-01-01', endDate: `${2031 + Math.ceil(maxMonths / 12)}-01-31` });
    expect(long.body.errors.endDate).toBe(`Une période ne peut pas dépasser ${maxMonths} mois`);
    const ok = await t.admin.post(base, { label: 'Entier', startDate: '2031-04-01', endDate: '2031-09-30' });
    expect(ok.status, ok.text).toBe(200);
    // The database refuses what the API would.
    await expect(t.knex(table).insert({ label: 'Direct', startDate: '2032-01-02', endDate: '2032-02-29' })).rejects.toThrow(/whole_months/);
  });

  it('never overlap (end dates are inclusive)', async () => {
    const first = await t.admin.post(base, { label: 'Chev. 1', startDate: '2035-01-01', endDate: '2035-06-30' });
    expect(first.status, first.text).toBe(200);
    const overlap = await t.admin.post(base, { label: 'Chev. 2', startDate: '2035-06-01', endDate: '2035-12-31' });
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors.startDate).toBe('Les périodes se chevauchent');
    const next = await t.admin.post(base, { label: 'Chev. 3', startDate: '2035-07-01', endDate: '2035-12-31' });
    expect(next.status, next.text).toBe(200);
    const moved = await t.admin.put(`${base}/${next.body.id}`, { startDate: '2035-06-01' });
    expect(moved.body.errors.startDate).toBe('Les périodes se chevauchent');
    // Updating a period onto itself is not an overlap.
    expect((await t.admin.put(`${base}/${first.body.id}`, { endDate: '2035-05-31' })).status).toBe(200);
    // The exclusion constraint holds even behind the API's back, with its French message.
    const err = await t.knex(table).insert({ label: 'Direct 2', startDate: '2035-03-01', endDate: '2035-03-31' }).catch((e) => e);
    expect(err.code).toBe('23P01');
    expect(err.constraint).toBe(`ex_${table}__overlap`);
  });

  it('have unique labels', async () => {
    const r = await t.admin.post(base, { label: 'Chev. 1', startDate: '2037-01-01', endDate: '2037-01-31' });
    expect(r.status).toBe(400);
    expect(r.body.errors.label).toBe(table === 'financial_year' ? 'Cet exercice existe déjà' : "Cette période d'activité existe déjà");
  });
});

describe('assertOpenFinancialYear', () => {
  it('answers the open financial year of a date, else "Exercice absent ou clos"', async () => {
    const today = todayParis();
    await expect(assertOpenFinancialYear(t.knex, today)).resolves.toMatchObject({ label: `Exercice ${today.slice(0, 4)}` });
    await expect(assertOpenFinancialYear(t.knex, '2001-05-01')).rejects.toMatchObject({ status: 400, code: 'NO_FINANCIAL_YEAR', message: 'Exercice absent ou clos' });
    const fy = await t.admin.post(FY, { label: 'Exercice 2050', startDate: '2050-01-01', endDate: '2050-12-31' });
    await expect(assertOpenFinancialYear(t.knex, '2050-12-31')).resolves.toMatchObject({ id: fy.body.id });
    // Closing (the closure module sets these) makes it unavailable and unchangeable.
    await t.knex('financial_year').where('id', fy.body.id).update({ isClosed: true, closedAt: new Date().toISOString() });
    await expect(assertOpenFinancialYear(t.knex, '2050-06-15')).rejects.toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
    expect(await financialYearAt(t.knex, '2050-06-15')).toMatchObject({ isClosed: true });
    const edit = await t.admin.put(`${FY}/${fy.body.id}`, { label: 'Rouvert' });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('Exercice clos : modification impossible');
    expect((await t.admin.del(`${FY}/${fy.body.id}`)).body.code).toBe('FINANCIAL_YEAR_CLOSED');
    // isClosed is read-only through the API.
    const other = await t.admin.post(FY, { label: 'Exercice 2051', startDate: '2051-01-01', endDate: '2051-12-31', isClosed: true });
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
    expect(() => requireSystemUser(ctx({ id: 1, isAdmin: true, isSystem: false }))).toThrow(expect.objectContaining({ status: 401, message: "Seul l'utilisateur technique peut clôturer" }));
    expect(requireSystemUser(ctx({ id: 2, isAdmin: true, isSystem: true })).id).toBe(2);
  });
});
