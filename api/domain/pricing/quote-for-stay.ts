// The database-backed quote: validates a stay request (the body of POST
// /rest/pricing/quote), loads its PricingContext and runs the engine. `quoteForStay` is
// what the stays, availability and planning modules call; it answers 400-ready errors.
import type { Knex } from 'knex';
import type { ErrorObject } from 'ajv';
import { createAjv } from '../../../common/validation';
import { formatMessage, type MessageCode } from '../../../common/messages';
import { todayParis } from '../../../common/dates';
import { yearWindowError } from '../../../common/date-sanity';
import { badRequest, HttpError } from '../../http/errors';
import { PricingError } from './errors';
import { loadPricingContext, type LoadRequest } from './load-context';
import { LAST_MINUTE_ID_BASE } from './mapping';
import { priceStay } from './quote';
import type { Quote, QuoteLine, StayRequest } from './types';
import { QUOTE_REQUEST_SCHEMA } from './request-schema';

/** POST /rest/pricing/quote body; also quoteForStay's input (see README "Quote over the database"). */
export interface QuoteRequest extends Omit<StayRequest, 'quoteDate'> {
  /** "today" in Europe/Paris when omitted */
  quoteDate?: string;
  placeId?: number | null;
  equipmentId?: number | null;
  historyVersion?: number | null;
  cancellationInsuranceId?: number | null;
}

export interface StayQuoteLine extends QuoteLine {
  /** set on the special-offer line (type 12) of a last-minute offer; specialOfferId is then null */
  lastMinuteOfferId: number | null;
}

export interface StayQuote extends Omit<Quote, 'lines'> {
  lines: StayQuoteLine[];
  /** ascending; special offers stay in appliedSpecialOfferIds */
  appliedLastMinuteOfferIds: number[];
}

let validate: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

function fieldMessage(err: ErrorObject): MessageCode {
  switch (err.keyword) {
    case 'required':
      return 'REQUIRED';
    case 'additionalProperties':
      return 'UNKNOWN_FIELD';
    case 'format':
      return err.params.format === 'date' ? 'INVALID_DATE' : 'INVALID_FORMAT';
    case 'type':
      return String(err.params.type).includes('integer')
        ? 'INVALID_INTEGER'
        : String(err.params.type).includes('boolean')
          ? 'INVALID_BOOLEAN'
          : 'INVALID_FORMAT';
    case 'minimum':
      return 'MUST_BE_POSITIVE';
    default:
      return 'INVALID_FORMAT';
  }
}

/** Checks the shape of a request; field errors keyed like `occupants.0.quantity`. */
export function parseQuoteRequest(body: unknown): QuoteRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('INCORRECT_FORM');
  validate ??= createAjv().compile(QUOTE_REQUEST_SCHEMA);
  if (!validate(body)) {
    const errors: Record<string, string> = {};
    for (const err of validate.errors ?? []) {
      const path = err.instancePath.split('/').filter(Boolean);
      if (err.keyword === 'required') path.push(err.params.missingProperty);
      if (err.keyword === 'additionalProperties') path.push(err.params.additionalProperty);
      const key = path.join('.') || '_';
      errors[key] ??= formatMessage(fieldMessage(err));
    }
    throw badRequest('VALIDATION_FAILED', errors);
  }
  const req = body as QuoteRequest;
  if (req.priceGridId == null && req.placeTypeId == null && req.placeId == null) {
    throw badRequest('QUOTE_TARGET_REQUIRED', { placeTypeId: formatMessage('QUOTE_TARGET_REQUIRED') });
  }
  // Years a person could mean (2000 to five years ahead): also bounds the nights the engine walks.
  const dateErrors: Record<string, string> = {};
  for (const f of ['startDate', 'endDate'] as const) {
    const value: unknown = req[f];
    const e = typeof value === 'string' ? yearWindowError(value) : null;
    if (e) dateErrors[f] = e;
  }
  if (Object.keys(dateErrors).length) throw badRequest('INCORRECT_DATES', dateErrors);
  return req;
}

/** Last-minute offers were priced as offers with shifted ids: give them back their own. */
function splitLastMinute(quote: Quote): StayQuote {
  const lines = quote.lines.map((line): StayQuoteLine => {
    const offerId = line.specialOfferId;
    if (offerId !== null && offerId >= LAST_MINUTE_ID_BASE)
      return { ...line, specialOfferId: null, lastMinuteOfferId: offerId - LAST_MINUTE_ID_BASE };
    return { ...line, lastMinuteOfferId: null };
  });
  return {
    ...quote,
    lines,
    appliedSpecialOfferIds: quote.appliedSpecialOfferIds.filter((x) => x < LAST_MINUTE_ID_BASE),
    appliedLastMinuteOfferIds: quote.appliedSpecialOfferIds
      .filter((x) => x >= LAST_MINUTE_ID_BASE)
      .map((x) => x - LAST_MINUTE_ID_BASE),
  };
}

function toHttp(err: unknown): unknown {
  if (err instanceof PricingError) {
    const field: Partial<Record<MessageCode, string>> = {
      PRICE_GRID_NOT_FOUND: 'priceGridId',
      AGE_CATEGORY_NOT_FOUND: 'occupants',
      PLACE_NOT_FOUND: 'placeId',
      PLACE_NEEDS_PLACE_TYPE: 'placeId',
      START_BEFORE_END: 'endDate',
      START_NOT_EQUAL_END: 'endDate',
      INCORRECT_DATES: 'startDate',
      MUST_BE_POSITIVE: err.detail ?? undefined,
    };
    const key = field[err.code];
    return badRequest(err.code, key ? { [key]: formatMessage(err.code) } : undefined);
  }
  if (err instanceof RangeError) return badRequest('INCORRECT_FORM');
  return err;
}

export interface QuoteOptions {
  /**
   * false: no booking fees (a booking's fees are charged once, on one of its occupancies:
   * the stays module prices the others without them). Default true.
   */
  bookingFees?: boolean;
}

/**
 * Prices a stay from the database. Pass your transaction when you are inside one (on
 * PGlite there is a single connection: a query on the root knex would wait for ever).
 * Throws an HttpError (400, French message) for input it cannot price.
 */
export async function quoteForStay(
  db: Knex | Knex.Transaction,
  input: QuoteRequest,
  options: QuoteOptions = {},
): Promise<StayQuote> {
  const req = parseQuoteRequest(input);
  try {
    const load: LoadRequest = { ...req, quoteDate: req.quoteDate ?? todayParis() };
    const { context, request } = await loadPricingContext(db, load);
    if (options.bookingFees === false) context.bookingFees = [];
    return splitLastMinute(priceStay(context, request));
  } catch (err) {
    throw err instanceof HttpError ? err : toHttp(err);
  }
}
