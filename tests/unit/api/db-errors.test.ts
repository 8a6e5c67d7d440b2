// Constraint violations become French field errors (api/db/errors.ts): generated
// names give their columns; hand-written constraints name the fields to flag.
import { describe, expect, it } from 'vitest';
import { mapDbError, registerConstraintMessage } from '../../../api/db/errors';
import { formatMessage } from '../../../common/messages';

describe('mapDbError', () => {
  it('flags the registered fields of an exclusion violation (23P01)', () => {
    registerConstraintMessage('ex_test_period__overlap', 'OVERLAPPING_PERIODS', ['startDate', 'endDate']);
    const e = mapDbError({ code: '23P01', constraint: 'ex_test_period__overlap' })!;
    expect(e.status).toBe(400);
    expect(e.code).toBe('OVERLAPPING_PERIODS');
    expect(e.errors).toEqual({
      startDate: formatMessage('OVERLAPPING_PERIODS'),
      endDate: formatMessage('OVERLAPPING_PERIODS'),
    });
  });

  it('answers 409 « réessayez » to a deadlock or a serialization failure, never a 500', () => {
    for (const code of ['40P01', '40001']) {
      const e = mapDbError({ code })!;
      expect([e.status, e.code]).toEqual([409, 'CONCURRENT_CHANGE']);
      expect(e.message).toMatch(/réessayez/);
    }
  });

  it('keeps a message without field errors when no field is registered', () => {
    registerConstraintMessage('ex_test_other__overlap', 'OVERLAPPING_PERIODS');
    expect(mapDbError({ code: '23P01', constraint: 'ex_test_other__overlap' })!.errors).toBeUndefined();
    const unknown = mapDbError({ code: '23P01', constraint: 'ex_nobody__overlap' })!;
    expect(unknown.code).toBe('PLACE_UNAVAILABLE');
    expect(unknown.errors).toBeUndefined();
  });

  it('flags registered fields of checks, and the columns of generated names otherwise', () => {
    registerConstraintMessage('ck_test__whole', 'WHOLE_MONTHS_OR_YEARS', ['endDate']);
    expect(mapDbError({ code: '23514', constraint: 'ck_test__whole' })!.errors).toEqual({
      endDate: formatMessage('WHOLE_MONTHS_OR_YEARS'),
    });
    expect(mapDbError({ code: '23505', constraint: 'uq_country__iso_code' })!.errors).toEqual({
      isoCode: formatMessage('VALUE_ALREADY_ASSIGNED'),
    });
    expect(mapDbError({ code: '23514', constraint: 'ck_meter__removed_on_after' })!.errors).toEqual({
      removedOn: formatMessage('START_BEFORE_END'),
    });
  });

  it('leaves errors that are not database errors to the 500 handler', () => {
    expect(mapDbError(new Error('bug'))).toBeUndefined();
    expect(mapDbError({ code: 'Z_DATA_ERROR' })).toBeUndefined();
  });

  it('answers 503 to a lost connection, also when knex prefixed the statement to the message', () => {
    // Seen at a kill -9 of PostgreSQL under an open transaction (tests/int/money-killed-database.test.ts).
    for (const message of [
      'Connection terminated unexpectedly',
      'ROLLBACK - Connection terminated unexpectedly',
      'COMMIT - Connection terminated unexpectedly',
      'Client has encountered a connection error and is not queryable',
      'select 1 - timeout exceeded when trying to connect',
    ]) {
      expect(mapDbError(new Error(message))?.status, message).toBe(503);
    }
    // The words alone, inside another message, are not a lost connection.
    expect(mapDbError(new Error('Invalid « Connection terminated » label'))).toBeUndefined();
  });
});
