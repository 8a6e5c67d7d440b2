// The types of a route declaration (defineRoute): who may call it, its schemas, its handler.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Access } from '../../common/route-def';
import type { MessageCode } from '../../common/messages';
import type { SessionUser } from '../auth/access';
import type { Untold } from './schema-type';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RightPair = readonly [functionality: string, access: Access];

/**
 * Who may call a route (§6, docs/rights.md). A pair `['camp.meter', 'read']`; every pair of `all`; one
 * pair of `any`; `'session'` anyone logged in; `'admin'` administrators (401 ADMIN_ONLY);
 * `{ system }` the technical user (401 with that code); `'public'` no session (log-in).
 * Checked before the body is read: a refused call changes nothing.
 */
export type Right =
  | RightPair
  | { all: readonly RightPair[] }
  | { any: readonly RightPair[] }
  | 'session'
  | 'admin'
  | 'public'
  | { system: MessageCode };

/** A JSON Schema (2020-12); `$ref: '#/components/schemas/X'` names a schema given to defineSchemas. */
export type JsonSchema = Record<string, unknown>;

export interface RouteInput<B, Q> {
  ctx: Context;
  /** the request body, checked against `body` (`{}` when none was sent) */
  body: B;
  /** the query string, checked against `query` with strings coerced to its types */
  query: Q;
  /** the path parameters (`:id` → params.id), coerced by `params` when given */
  params: Record<string, Untold>;
  /** the logged-in user (undefined only on a `'public'` route) */
  user: SessionUser;
  knex: Knex;
}

export interface RouteSpec<B = Untold, Q = Untold> {
  method: Method;
  /** Koa path: `/rest/meter-reading/bulk`, `/rest/booking/:id/summary` */
  path: string;
  right: Right;
  /** OpenAPI tag (the module) and one-line French summary */
  tag: string;
  summary: string;
  description?: string;
  /** schemas of the path parameters by name (default: integer for `id` and `…Id`, else string) */
  params?: Record<string, JsonSchema>;
  /** object schema of the query string */
  query?: JsonSchema;
  /** schema of the JSON body */
  body?: JsonSchema;
  /**
   * code of the 400 when the query or the body does not match (default INCORRECT_FORM; a property's own `x-message`
   * wins)
   */
  invalid?: MessageCode;
  /** schema of the 200 JSON answer, or `{ description, content }` for another answer (a file) */
  response?: JsonSchema | { description: string; content: Record<string, unknown> };
  /** what the 200 answer is, in French (default « Réponse ») */
  responseDescription?: string;
  /** other answers than 200 and the refusals (e.g. 404, 409) */
  responses?: Record<number, { description: string; schema?: JsonSchema }>;
  /**
   * The write takes the version the client read (body `version` or If-Match) and answers
   * 409 RECORD_CHANGED when it is stale: said so in the OpenAPI operation.
   */
  versioned?: boolean;
  /** OpenAPI fields merged into the operation last (a multipart requestBody, headers…) */
  openapi?: Record<string, unknown>;
  /**
   * One call of the route for the rights-matrix test (tests/int/security-matrix-routes.test.ts), which
   * makes it once per rights level. Not needed by a GET without path parameters nor required query.
   */
  example?: RouteExample;
  /**
   * `short`: a short read on indexes (a few ms, whatever the data's size), served on the
   * database's reserved lane so that it never queues behind lists (api/db/README.md).
   */
  lane?: 'short';
  /** returns the JSON answer; returns undefined when it set ctx.body itself */
  handler: (input: RouteInput<B, Q>) => unknown | Promise<unknown>;
}

export interface RouteDecl<B = Untold, Q = Untold> extends RouteSpec<B, Q> {
  /** `METHOD /path`, the route's key */
  key: string;
}

/**
 * Records the rights-matrix test makes before it starts and names here: a declaration's example
 * reaches them by name, so that it needs no test code (the test checks it holds each of them).
 */
export type ExampleRecord =
  | 'booking'
  | 'bill'
  | 'customer'
  | 'billedCustomer'
  | 'place'
  | 'feature'
  | 'user'
  | 'group'
  | 'grid'
  | 'gridPeriod'
  | 'gridOption'
  | 'gridVersion'
  | 'mail'
  | 'deposit'
  | 'meterType'
  | 'mailing'
  | 'criteria'
  | 'cheque'
  | 'cash'
  | 'vatPayment'
  | 'closableYear'
  | 'rentReceipt'
  | 'residentialContract'
  | 'adultAge'
  | 'pitchType'
  | 'mobileHomeType'
  | 'cashRegister'
  | 'tillWindow'
  | 'article'
  | 'giftArticle'
  | 'sale'
  | 'giftVoucher'
  | 'giftVoucherCode';

/**
 * Records the rights-matrix test makes afresh for each call that names them, for a call that changes
 * them (a booking it confirms, a bill it credits). The test holds one maker per name; a maker
 * answering several values (`placeImage`: id, dir, name) is read by `field`.
 */
export type ExampleFixture =
  | 'booking'
  | 'temporaryBooking'
  | 'optionBooking'
  | 'bookingToday'
  | 'arrivedBooking'
  | 'departedBooking'
  | 'cancellingBooking'
  | 'billableBooking'
  | 'occupancy'
  | 'spareOccupancy'
  | 'place'
  | 'mobileHomePlace'
  | 'customer'
  | 'extra'
  | 'conciergeExtra'
  | 'conciergeOrder'
  | 'credential'
  | 'onlineBooking'
  | 'acceptedOnlineBooking'
  | 'channelModule'
  | 'placeImage'
  | 'logo'
  | 'planImage'
  | 'statistics'
  | 'idleStatistics'
  | 'meter'
  | 'residence'
  | 'rentReceipt'
  | 'issuedBill'
  | 'chequePayment'
  | 'billableChequePayment'
  | 'holidayAid'
  | 'yieldToken'
  | 'cashRegister'
  | 'tillWindow'
  | 'sale'
  | 'giftImport'
  | 'giftCsvLine'
  | 'expiredFile';

/**
 * A value an example names: a record of the test (`{ record }`), one made for the call
 * (`{ fresh }`; the same name and `nth` is one record within a call, `nth: 2` a second one),
 * a date `today` plus n days (Paris), a text of that prefix no call sent before (`unique`), or in
 * `unchanged` a path parameter of the call (`{ param }`).
 * In `params`, a bare name is a record.
 */
export type ExampleRef =
  | { record: ExampleRecord }
  | { fresh: ExampleFixture; field?: string; nth?: number }
  | { param: string }
  | { today: number }
  | { unique: string };

export interface ExampleCall {
  /** which use of the route, when one path serves several (the statuses `set-state` reaches) */
  variant?: string;
  /** the right this variant needs when it asks more than the route's (a deletion); needs a `variant` */
  right?: Right;
  /** each path parameter: a record of the test by name, a fresh record, or a literal value */
  params?: Record<string, ExampleRecord | ExampleRef | { value: string | number }>;
  /** the query string */
  query?: Record<string, string | number | ExampleRef>;
  /** the JSON body; an `ExampleRef` object in it is replaced by its value (a record's id…) */
  body?: unknown;
  /** a multipart body: one file of that kind in `uploadfile` */
  upload?: 'png';
  /** fresh records made before the call though it does not name them (a plan image to place on) */
  uses?: readonly ExampleFixture[];
  /**
   * What a refused call must leave as it was: the rows of `table` matching `where` (values or refs),
   * all their columns or only how many there are (`count`, for a table a worker also writes).
   */
  unchanged?: { table: string; where?: Record<string, unknown>; count?: true };
  /** the allowed answer when it is not 200, and why (a rule past the right refuses) */
  ok?: { status: number; why: string };
  /** why the allowed call is not made (it replaces the database, writes a backup file…) */
  skipAllowed?: string;
}

/** One call of the route, or one per variant. */
export type RouteExample = ExampleCall | readonly ExampleCall[];
