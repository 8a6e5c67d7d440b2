// Turns constraint violations into field errors. Generated constraint names follow
// `<kind>_<table>__<column>[__<column>][_suffix]` (generator/snapshot.ts); hand-written
// constraints and trigger errors name their message code in CONSTRAINT_MESSAGES or
// raise it as the exception text.
import { HttpError, badRequest } from '../http/errors';
import { isMessageCode, type MessageCode } from '../../common/messages';
import { formatMessage } from '../../common/messages';
import { snakeToCamel } from '../../common/names';

/** Hand-written constraints (exclusions, triggers) and the message they mean. */
export const CONSTRAINT_MESSAGES: Record<string, MessageCode> = {};

export function registerConstraintMessage(name: string, code: MessageCode): void {
  CONSTRAINT_MESSAGES[name] = code;
}

function columnsOf(constraint: string): string[] {
  const parts = constraint.replace(/_(min|max|after|trgm|one)$/, '').split('__');
  return parts.slice(1).map(snakeToCamel);
}

function fieldErrors(constraint: string | undefined, code: MessageCode): Record<string, string> | undefined {
  if (!constraint) return undefined;
  const cols = columnsOf(constraint);
  if (!cols.length) return undefined;
  return Object.fromEntries(cols.map((c) => [c, formatMessage(code)]));
}

export interface DbErrorContext { op?: 'delete' | 'write'; inUseMessage?: MessageCode }

export function mapDbError(err: any, ctx: DbErrorContext = {}): HttpError | undefined {
  const code: string | undefined = err?.code;
  if (!code || typeof code !== 'string') return undefined;
  const constraint: string | undefined = err.constraint;
  const known = constraint ? CONSTRAINT_MESSAGES[constraint] : undefined;
  switch (code) {
    case '23505':
      return badRequest(known ?? 'VALUE_ALREADY_ASSIGNED', fieldErrors(constraint, known ?? 'VALUE_ALREADY_ASSIGNED'));
    case '23001': // ON DELETE RESTRICT
      return badRequest(ctx.inUseMessage ?? known ?? 'IN_USE');
    case '23503':
      if (ctx.op === 'delete' || /update or delete on table/.test(String(err.message))) return badRequest(ctx.inUseMessage ?? known ?? 'IN_USE');
      return badRequest(known ?? 'REFERENCE_NOT_FOUND', fieldErrors(constraint, 'REFERENCE_NOT_FOUND'));
    case '23P01':
      return badRequest(known ?? 'PLACE_UNAVAILABLE');
    case '23514': {
      if (known) return badRequest(known);
      const m: MessageCode = constraint?.endsWith('_after') ? 'START_BEFORE_END' : constraint?.endsWith('_min') ? 'MUST_BE_POSITIVE' : constraint?.endsWith('_max') ? 'INVALID_FORMAT' : 'INVALID_CHOICE';
      return badRequest('VALIDATION_FAILED', fieldErrors(constraint, m));
    }
    case '23502': {
      const column = err.column ? snakeToCamel(err.column) : undefined;
      return badRequest('VALIDATION_FAILED', column ? { [column]: formatMessage('REQUIRED') } : undefined);
    }
    case '22P02': case '22003': case '22007': case '22008': case '22001':
      return badRequest('INCORRECT_FORM');
    case 'P0001': {
      // Triggers raise a message code as their exception text.
      const text = String(err.message ?? '').split(' - ').pop()!.trim();
      return badRequest(isMessageCode(text) ? text : 'NOT_AUTHORISED');
    }
  }
  return undefined;
}
