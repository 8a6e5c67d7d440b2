// Every §8 (docs/errors.md#messages) message of common/messages.ts is emitted somewhere
// (issue 30, docs/history.md#issue-30): a code that no server code, trigger, schema (`x-message`, `x-delete-blocked`)
// or screen names is a rule written and never enforced. Codes another open issue emits are listed with it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../common/messages';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const ROOTS = ['api', 'common', 'admin/src', 'custom-screens', 'schemas', 'generator', 'migrations'];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'generated' || name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx|json)$/.test(name) && !name.endsWith('.snapshot.json')) out.push(p);
  }
  return out;
}

/** Emitted by the work of another open issue (they land with it). */
const OTHERS: Record<string, string> = {
  CONTRACT_EXISTS: 'residential (issue 26)',
  SUBLET_EXISTS: 'residential (issue 26)',
  RENT_RECEIPTS_NO_PRICE: 'residential (issue 26)',
  RESIDENT_PLACE_IN_USE: 'residential (issue 26)',
  FEES_PERIOD_OUTSIDE_CONTRACT: 'residential (issue 26)',
  PLACE_HAS_SUBLET: 'residential (issue 26)',
  END_DATE_OR_INDEFINITE: 'residential (issue 26): a contract ends or is indefinite',
  FTP_SEND_FAILED: 'issue 30 point 2: accounting files sent by FTP/SFTP',
};

/**
 * Removed from the catalogue, and why (kept here so that they do not come back unused):
 * - MUST_LOG_IN: the same as NOT_LOGGED_IN, the 403 answer.
 * - MODIFICATION_FAILED, SEARCH_FAILED: a save answers SAVED or an error with its own code and text; a failed
 *   search answers its error (the admin shows the server's message).
 * - TEST_FAILED: the SMTP test answers EMAIL_NOT_SENT with the mail server's answer.
 * - USER_ALREADY_CONNECTED: several sessions of a user are allowed (sessions are listed and revocable).
 * - API_LOGIN_REQUIRED, CHANNEL_SITE_NOT_FOUND, SECURE_HOLIDAY_ERROR: the channel connectors answer
 *   CHANNEL_NOT_CONFIGURED, CHANNEL_NOT_FOUND / CHANNEL_BAD_KEY, CHANNEL_UNAVAILABLE / CHANNEL_BAD_ANSWER, which
 *   name the channel and what is missing (PARTNER_CHANNEL_NOT_MAPPED is back: channels/receive.ts).
 * - CHANNEL_GRID_RETRIEVAL_DISABLED: price grids are never read from a channel (rates are pushed to it).
 * - INTEGRATION_CANCELLATION_ERROR: an integration is never undone (integrated once; the stay is cancelled).
 * - PUBLIC_HOLIDAY_EXISTS: no public holiday entity (holidays are computed).
 * - CONFIGURATION_IMPOSSIBLE: no rule says when; each refusal has its own code.
 * - MAX_AVAILABILITY: availability is per place (exclusion constraint → PLACE_UNAVAILABLE, NO_FREE_PLACE).
 * - HISTORY_IN_USE: nothing refers to a place type history row.
 * - PLACE_TYPE_NOT_FOUND, TAX_NOT_FOUND, TAX_TYPE_NOT_FOUND, NO_AGE_CATEGORY: a missing reference is
 *   REFERENCE_NOT_FOUND on its field; the engine answers PRICE_GRID_NOT_FOUND, AGE_CATEGORY_NOT_FOUND.
 * - LABEL_REQUIRED, TAX_TYPE_REQUIRED, TARGET_REQUIRED, CALCULATION_METHOD_REQUIRED, TAX_REQUIRED,
 *   UNIT_REQUIRED, PRICE_REQUIRED, NIGHTS_REQUIRED, DEPOSIT_NEEDS_VALUE: the write path answers REQUIRED on the
 *   field itself (`errors.label`…), which says which entry is missing.
 * - SELECT_ROW: screens enable an action on rows only once rows are chosen; SELECT_PLACES says it for places.
 * - GRID_VERSION_READ_ONLY: grid versions are read through their history screen, which has no save.
 * - CUSTOMER_SALES_ASSIGNMENT_FAILED: the same as SALE_CUSTOMER_ASSIGN_FAILED.
 * - PLAN_IMAGE_MISSING: the plan screen offers the upload when there is no image.
 * - LEAVE_LOSES_PAYMENTS: payments are saved one by one at once, none waits on a page.
 * - EMAILS_NOT_SENT: campaigns, reminders and surveys are queued, never sent « as a whole »: each message has its
 *   own state in the e-mail history (failed with the mail server's answer, resendable); the SMTP test answers
 *   EMAIL_NOT_SENT.
 * - PAYMENT_DELETED: a payment deleted (with its reason, kept in the history) is gone; an action on it answers
 *   NOT_FOUND, and the ledger keeps its cancellation entry.
 * - CREDIT_BILL_NEEDS_VALIDITY: a credit note (« avoir ») is a bill of kind credit-note, which the law gives no
 *   validity date; what it leaves to the customer is refunded or kept as an advance on the account (the balance).
 */
const REMOVED = [
  'MUST_LOG_IN',
  'MODIFICATION_FAILED',
  'SEARCH_FAILED',
  'TEST_FAILED',
  'USER_ALREADY_CONNECTED',
  'API_LOGIN_REQUIRED',
  'CHANNEL_SITE_NOT_FOUND',
  'SECURE_HOLIDAY_ERROR',
  'CHANNEL_GRID_RETRIEVAL_DISABLED',
  'INTEGRATION_CANCELLATION_ERROR',
  'PUBLIC_HOLIDAY_EXISTS',
  'CONFIGURATION_IMPOSSIBLE',
  'MAX_AVAILABILITY',
  'HISTORY_IN_USE',
  'PLACE_TYPE_NOT_FOUND',
  'TAX_NOT_FOUND',
  'TAX_TYPE_NOT_FOUND',
  'NO_AGE_CATEGORY',
  'LABEL_REQUIRED',
  'TAX_TYPE_REQUIRED',
  'TARGET_REQUIRED',
  'CALCULATION_METHOD_REQUIRED',
  'TAX_REQUIRED',
  'UNIT_REQUIRED',
  'PRICE_REQUIRED',
  'NIGHTS_REQUIRED',
  'DEPOSIT_NEEDS_VALUE',
  'SELECT_ROW',
  'GRID_VERSION_READ_ONLY',
  'CUSTOMER_SALES_ASSIGNMENT_FAILED',
  'PLAN_IMAGE_MISSING',
  'LEAVE_LOSES_PAYMENTS',
  'EMAILS_NOT_SENT',
  'PAYMENT_DELETED',
  'CREDIT_BILL_NEEDS_VALIDITY',
];

describe('the message catalogue (§8)', () => {
  const sources = ROOTS.flatMap((r) => files(join(repo, r)))
    .filter((f) => !f.endsWith(join('common', 'messages.ts')))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const named = (code: string) => new RegExp(`\\b${code}\\b`).test(sources);

  it('every code is emitted somewhere, or by the open issue named for it', () => {
    const unused = Object.keys(MESSAGES).filter((c) => !named(c) && !OTHERS[c]);
    expect(unused).toEqual([]);
  });

  it('the codes left to other issues are still in the catalogue, the removed ones are gone', () => {
    for (const c of Object.keys(OTHERS)) expect(Object.keys(MESSAGES), c).toContain(c);
    for (const c of REMOVED) expect(Object.keys(MESSAGES), c).not.toContain(c);
  });
});
