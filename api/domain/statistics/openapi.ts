// The answers of the statistics routes (routes.ts), named for /rest/openapi.json and the
// screens' generated types: common/stats.ts StatAnswer and the filters' and state's answers.
import { defineSchemas } from '../../http/define-route';
import { bool, closed, date, dateOrNull, int, list, str, strOrNull } from '../../http/schema-parts';

const kind = { type: 'string', enum: ['text', 'int', 'money', 'rate', 'date', 'decimal'] };
const cell = { type: ['string', 'number', 'null'] };
const cells = { type: 'object', additionalProperties: cell };
const labelled = (id: object) => closed({ id, label: str });
const settings = closed({
  regenerateNightly: bool,
  referenceYears: int,
  defaultSource: { type: 'string', enum: ['all', 'direct', 'channel'] },
});

defineSchemas({
  StatAnswer: closed(
    {
      screen: str,
      periods: list(closed({ year: int, from: date, to: date })),
      chart: closed({
        kind: { type: 'string', enum: ['bar', 'line'] },
        x: list(str),
        series: list(closed({ key: str, label: str, data: list({ type: ['number', 'null'] }) })),
        unit: kind,
      }),
      table: closed({ columns: list(closed({ key: str, label: str, kind })), rows: list(cells), total: cells }, [
        'total',
      ]),
      warnings: list(str),
      generatedAt: strOrNull,
      map: closed({
        by: { type: 'string', enum: ['department', 'country'] },
        values: list(closed({ code: str, name: str, value: { type: ['number', 'null'] }, band: int })),
      }),
    },
    ['map'],
  ),
  StatFilters: closed({
    placeTypes: list(closed({ id: int, label: str, residential: bool })),
    layouts: list(labelled(int)),
    channels: list(closed({ id: int, label: str, isOnline: bool })),
    sources: list(labelled(str)),
    parks: list(labelled(str)),
    firstDay: dateOrNull,
    lastDay: dateOrNull,
    settings,
  }),
  StatStatus: closed({
    runs: list(
      closed({
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
    queued: closed({ stays: int, months: int }),
    generatedAt: strOrNull,
    settings,
    exports: list(
      closed({
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
