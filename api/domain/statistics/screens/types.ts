// A statistics screen on the server: its route name, its own query parameters, and
// how it builds its chart and table for the periods asked.
import type { Knex } from 'knex';
import type { StatAnswer, StatPeriod } from '../../../../common/stats';
import type { StatFilters } from '../query';

export type ScreenQuery = StatFilters & Record<string, string | undefined>;

export interface ScreenDef {
  /** `/rest/stat/<name>` and `/rest/stat/<name>/export` */
  name: string;
  /** OpenAPI summary and the CSV file's name */
  title: string;
  /** the screen's own query parameters (JSON Schema properties) */
  params?: Record<string, unknown>;
  /** longest period in days (default five years) */
  maxDays?: number;
  build(
    db: Knex,
    q: ScreenQuery,
    periods: StatPeriod[],
  ): Promise<Pick<StatAnswer, 'chart' | 'table' | 'map'> & { warnings?: string[] }>;
}
