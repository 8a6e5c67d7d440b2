// The answers of the statistics routes (routes.ts), named for /rest/openapi.json and the
// screens' generated types: common/stats.ts StatAnswer and the filters' and state's answers.
import { defineSchemas } from '../../http/define-route';

const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const date = { type: 'string', format: 'date' };
const dateOrNull = { type: ['string', 'null'], format: 'date' };
const strOrNull = { type: ['string', 'null'] };
const obj = (properties: Record<string, object>, optional: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});
const list = (items: object) => ({ type: 'array', items });
const kind = { type: 'string', enum: ['text', 'int', 'money', 'rate', 'date', 'decimal'] };
const cell = { type: ['string', 'number', 'null'] };
const cells = { type: 'object', additionalProperties: cell };
const labelled = (id: object) => obj({ id, label: str });
const settings = obj({
  regenerateNightly: bool,
  referenceYears: int,
  defaultSource: { type: 'string', enum: ['all', 'direct', 'channel'] },
});

defineSchemas({
  StatAnswer: obj(
    {
      screen: str,
      periods: list(obj({ year: int, from: date, to: date })),
      chart: obj({
        kind: { type: 'string', enum: ['bar', 'line'] },
        x: list(str),
        series: list(obj({ key: str, label: str, data: list({ type: ['number', 'null'] }) })),
        unit: kind,
      }),
      table: obj({ columns: list(obj({ key: str, label: str, kind })), rows: list(cells), total: cells }, ['total']),
      warnings: list(str),
      generatedAt: strOrNull,
      map: obj({
        by: { type: 'string', enum: ['department', 'country'] },
        values: list(obj({ code: str, name: str, value: { type: ['number', 'null'] }, band: int })),
      }),
    },
    ['map'],
  ),
  StatFilters: obj({
    placeTypes: list(obj({ id: int, label: str, residential: bool })),
    layouts: list(labelled(int)),
    channels: list(obj({ id: int, label: str, isOnline: bool })),
    sources: list(labelled(str)),
    parks: list(labelled(str)),
    firstDay: dateOrNull,
    lastDay: dateOrNull,
    settings,
  }),
  StatStatus: obj({
    runs: list(
      obj({
        id: int,
        kind: { type: 'string', enum: ['nightly', 'manual'] },
        status: { type: 'string', enum: ['running', 'done', 'failed'] },
        firstMonth: date,
        lastMonth: date,
        monthsTotal: int,
        monthsDone: int,
        startedAt: str,
        finishedAt: strOrNull,
        errorCode: strOrNull,
      }),
    ),
    queued: obj({ stays: int, months: int }),
    generatedAt: strOrNull,
    settings,
    exports: list(
      obj({
        id: int,
        label: str,
        host: str,
        referenceYears: int,
        status: { type: ['string', 'null'], enum: ['sent', 'failed', null] },
        attemptedAt: strOrNull,
        sentAt: strOrNull,
        nextAttemptAt: strOrNull,
        error: strOrNull,
      }),
    ),
  }),
});
