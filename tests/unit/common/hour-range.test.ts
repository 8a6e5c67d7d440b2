// §5 (docs/entities.md#validation) « start hour before end hour »: a field declared `x-after` another is refused with
// START_HOUR_BEFORE_END when both are hours (HH:MM), START_BEFORE_END for dates.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../generator/load';
import { compileEntityValidator, createAjv } from '../../../common/validation';
import { MESSAGES } from '../../../common/messages';

const dir = mkdtempSync(join(tmpdir(), 'bivouac-hours-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hour = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' };
mkdirSync(join(dir, 'schemas'));
writeFileSync(
  join(dir, 'schemas/slot.schema.json'),
  JSON.stringify({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    'x-label': { one: 'Créneau', many: 'Créneaux' },
    'x-functionality': 'camp.planning',
    'x-routes': { list: '/slot-list', edit: '/slot/:slotId' },
    properties: {
      label: { type: 'string', maxLength: 20, 'x-label': 'Libellé' },
      startTime: { ...hour, 'x-label': 'De' },
      endTime: { ...hour, 'x-after': 'startTime', 'x-label': 'À' },
      fromDate: { type: 'string', format: 'date', 'x-label': 'Du' },
      toDate: { type: ['string', 'null'], format: 'date', 'x-after': 'fromDate', 'x-label': 'Au' },
    },
    required: ['label', 'startTime', 'endTime', 'fromDate'],
  }),
);

describe('hour ranges', () => {
  const validate = compileEntityValidator(createAjv(), loadSchemas(dir)[0]);
  const base = { label: 'Pain', fromDate: '2026-07-01' };
  it('accepts a start hour before the end hour', () => {
    expect(validate({ ...base, startTime: '07:30', endTime: '09:00' })).toBeNull();
  });
  it('refuses an end hour before or equal to the start hour with the hours message', () => {
    expect(validate({ ...base, startTime: '09:00', endTime: '07:30' })).toEqual({
      endTime: MESSAGES.START_HOUR_BEFORE_END,
    });
    expect(validate({ ...base, startTime: '09:00', endTime: '09:00' })).toEqual({
      endTime: MESSAGES.START_HOUR_BEFORE_END,
    });
  });
  it('keeps the dates message for dates', () => {
    expect(validate({ ...base, startTime: '07:30', endTime: '09:00', toDate: '2026-06-01' })).toEqual({
      toDate: MESSAGES.START_BEFORE_END,
    });
  });
});
