// The test databases' later years: bills, payments and closures are dated only in an open
// financial year, and a stay's nights only in an activity period (issue 24 point 6, docs/statements.md), while
// the tests book and pay on fixed days up to 2031 (inside the window of business dates,
// five years ahead) and the seed holds this year and the next. So the template of the
// integration tests and the browser tests' database hold the civil financial years and
// activity periods after the seeded ones up to 2033 (or seven years ahead, if later),
// made here once rather than by each test. Past years stay free for the tests that make
// their own (closing a year, overlapping periods).
import type { Knex } from 'knex';
import { todayParis } from '../common/dates';
import { civilYear } from '../common/periods';

export const LAST_TEST_YEAR = 2033;

export async function seedFutureYears(knex: Knex): Promise<void> {
  const year = Number(todayParis().slice(0, 4));
  for (let y = year + 2; y <= Math.max(LAST_TEST_YEAR, year + 7); y++) {
    const period = civilYear(y);
    if (!(await knex('financial_year').where(period).first('id')))
      await knex('financial_year').insert({ label: `Exercice ${y}`, ...period });
    if (!(await knex('activity_period').where(period).first('id')))
      await knex('activity_period').insert({ label: `Année ${y}`, ...period });
  }
}
