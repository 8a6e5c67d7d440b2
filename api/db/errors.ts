// Turns database errors caused by the input into 400s: constraint violations into
// field errors, data exceptions (class 22) into a message on the kind of value; a
// statement timeout into a 503 that says so. Generated constraint names follow
// `<kind>_<table>__<column>[__<column>][_suffix]` (generator/snapshot.ts); hand-written
// constraints (exclusions, checks, triggers) register their message code and the
// fields to flag in CONSTRAINT_MESSAGES, or raise the code as the exception text.
import { HttpError, badRequest } from '../http/errors';
import { isMessageCode, type MessageCode } from '../../common/messages';
import { formatMessage } from '../../common/messages';
import { snakeToCamel } from '../../common/names';

export interface ConstraintMessage {
  code: MessageCode;
  /** fields the message is shown on (e.g. ['startDate']); default: the columns the name holds */
  fields?: string[];
}

/** Hand-written constraints (exclusions, triggers) and the message they mean. */
export const CONSTRAINT_MESSAGES: Record<string, ConstraintMessage> = {};

/** `fields`: the fields a violation flags, for constraints whose name holds no column (`ex_…__overlap`). */
export function registerConstraintMessage(name: string, code: MessageCode, fields?: string[]): void {
  CONSTRAINT_MESSAGES[name] = { code, ...(fields ? { fields } : {}) };
}

function columnsOf(constraint: string): string[] {
  const parts = constraint.replace(/_(min|max|after|trgm|one)$/, '').split('__');
  return parts.slice(1).map(snakeToCamel);
}

/** The fields a violation flags: the registered ones, else the columns its generated name holds. */
function fieldErrors(
  constraint: string | undefined,
  code: MessageCode,
  registered?: string[],
): Record<string, string> | undefined {
  if (!constraint) return undefined;
  const cols = registered ?? columnsOf(constraint);
  if (!cols.length) return undefined;
  return Object.fromEntries(cols.map((c) => [c, formatMessage(code)]));
}

export interface DbErrorContext {
  op?: 'delete' | 'write';
  inUseMessage?: MessageCode;
}

/**
 * A PostgreSQL data exception (class 22) is always bad input that got past validation
 * (a hand-written route, a filter): a 400 naming the kind of value at fault.
 */
function dataException(code: string): HttpError {
  switch (code) {
    case '22021':
    case '22P05':
      return badRequest('INVALID_CHARACTERS'); // NUL byte, character the encoding cannot hold
    case '22001':
      return badRequest('VALUE_TOO_LONG'); // string data right truncation
    case '22003':
      return badRequest('NUMBER_OUT_OF_RANGE');
    case '22007':
    case '22008':
    case '22009':
      return badRequest('INVALID_DATE');
    default:
      return badRequest('INCORRECT_FORM');
  }
}

// The database went away under a request (killed, restarting, unreachable): nothing of
// the request's open transaction was kept, so it answers 503 « Démarrage en cours… » as
// the server does while PostgreSQL restarts (issue 25 point 6, docs/history.md#issue-25), never a 500. A write
// that did commit before the loss answers its success (api/http/committed.ts).
const LOST_CONNECTION = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOENT', 'ETIMEDOUT', 'EHOSTUNREACH']);
// Knex prefixes the driver's message with the statement it ran (`ROLLBACK - Connection
// terminated unexpectedly` when the server died under an open transaction).
const LOST_MESSAGE = new RegExp(
  `(?:^|\\s-\\s)(?:${[
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Transaction query already complete',
  ].join('|')})|not queryable|Connection ended`,
);
/** What a driver, knex or Objection error may carry; any of it may be missing. */
interface DbErrorLike {
  cause?: unknown;
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  name?: unknown;
  nativeError?: DbErrorLike;
  constraint?: string;
  column?: string;
}

function connectionLost(thrown: unknown, depth = 0): boolean {
  const err = thrown as DbErrorLike | null | undefined;
  // A wrapper (knex, the PDF workers) may carry the driver's error as its cause.
  if (err?.cause && depth < 3 && connectionLost(err.cause, depth + 1)) return true;
  const code = String(err?.code ?? '');
  // 57P01-03: server shutting down, crashed, starting; class 08: connection exceptions; 53300: too many connections
  if (/^(57P0[123]|08...|53300)$/.test(code)) return true;
  if (LOST_CONNECTION.has(code) && (err?.syscall === 'connect' || err?.syscall === 'read' || err?.syscall === 'write'))
    return true;
  return LOST_MESSAGE.test(String(err?.message ?? ''));
}

export function mapDbError(thrown: unknown, ctx: DbErrorContext = {}): HttpError | undefined {
  if (thrown instanceof HttpError) return thrown;
  let err = thrown as DbErrorLike | null | undefined;
  if (connectionLost(err) || connectionLost(err?.nativeError)) return new HttpError(503, 'SERVER_STARTING');
  // No pool connection came free in time (every one busy, or the server unreachable).
  if (err?.name === 'KnexTimeoutError') return new HttpError(503, 'QUERY_TIMEOUT');
  // Objection wraps driver errors; the SQLSTATE is on the native one.
  if (err?.nativeError && typeof err.nativeError.code === 'string') err = err.nativeError;
  const code = err?.code;
  if (!err || !code || typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  const constraint = err.constraint;
  const registered = constraint ? CONSTRAINT_MESSAGES[constraint] : undefined;
  const known = registered?.code;
  const flagged = registered?.fields;
  switch (code) {
    case '23505':
      return badRequest(
        known ?? 'VALUE_ALREADY_ASSIGNED',
        fieldErrors(constraint, known ?? 'VALUE_ALREADY_ASSIGNED', flagged),
      );
    case '23001': // ON DELETE RESTRICT
      return badRequest(ctx.inUseMessage ?? known ?? 'IN_USE');
    case '23503':
      if (ctx.op === 'delete' || /update or delete on table/.test(String(err.message)))
        return badRequest(ctx.inUseMessage ?? known ?? 'IN_USE');
      return badRequest(known ?? 'REFERENCE_NOT_FOUND', fieldErrors(constraint, 'REFERENCE_NOT_FOUND', flagged));
    case '23P01':
      // Exclusion names hold no column (`ex_<table>__overlap`): only registered fields are flagged.
      return badRequest(
        known ?? 'PLACE_UNAVAILABLE',
        flagged && fieldErrors(constraint, known ?? 'PLACE_UNAVAILABLE', flagged),
      );
    case '23514': {
      if (known) return badRequest(known, flagged && fieldErrors(constraint, known, flagged));
      const m: MessageCode = constraint?.endsWith('_after')
        ? 'START_BEFORE_END'
        : constraint?.endsWith('_min')
          ? 'MUST_BE_POSITIVE'
          : constraint?.endsWith('_max')
            ? 'INVALID_FORMAT'
            : 'INVALID_CHOICE';
      return badRequest('VALIDATION_FAILED', fieldErrors(constraint, m));
    }
    case '23502': {
      const column = err.column ? snakeToCamel(err.column) : undefined;
      return badRequest('VALIDATION_FAILED', column ? { [column]: formatMessage('REQUIRED') } : undefined);
    }
    case '54000':
      // program_limit_exceeded: a value too big for an index row (a huge text in an indexed column)
      return badRequest('VALUE_TOO_LONG');
    case '57014':
      // query_canceled: the statement timeout stopped a query (or an administrator cancelled it)
      return new HttpError(503, 'QUERY_TIMEOUT');
    case '55P03':
      // lock_not_available (lock timeout): another writer holds the row; retrying is safe
      return new HttpError(409, 'CONCURRENT_CHANGE');
    case '40P01':
    case '40001':
      // Deadlock or serialization failure: the transaction was rolled back whole; retrying is safe.
      return new HttpError(409, 'CONCURRENT_CHANGE');
    case 'P0001': {
      // Triggers raise a message code as their exception text.
      const text = String(err.message ?? '')
        .split(' - ')
        .pop()!
        .trim();
      return badRequest(isMessageCode(text) ? text : 'NOT_AUTHORISED');
    }
  }
  if (code.startsWith('22')) return dataException(code);
  // Any other integrity constraint violation (class 23) is a refused write.
  if (code.startsWith('23')) return badRequest('VALIDATION_FAILED');
  return undefined;
}
