// « Plan de règlement »: per payment method, the account and journal its payments go to
// in the FEC. A method without a row (or with empty fields) keeps the default: its own
// accounting code, else the plan's account of its kind (bank for cards and the rest), and
// the cash journal for cash, the bank journal otherwise.
import type { Knex } from 'knex';
import type { AccountingPaymentPlan } from '../../../common/generated/types';
import { badRequest } from '../../http/errors';
import { methodAccount, methodJournalKind } from './fec';
import { methodAccounts } from './fec-year';
import { loadPlanSettings, Plan } from './plan';

/** The account natures a payment can be booked to. */
export const PAYMENT_ACCOUNT_KINDS = ['bank', 'cash', 'cheque', 'holiday-voucher'];

/** Every payment method with its plan row and the account and journal the FEC uses. */
export async function paymentPlanRows(db: Knex) {
  const methods = await db('payment_method')
    .orderBy([{ column: 'order' }, { column: 'label' }])
    .select('id', 'label', 'kind', 'isActive');
  const rows = await db('accounting_payment_plan').select('id', 'version', 'paymentMethodId', 'accountId', 'journalId');
  const byMethod = new Map(rows.map((r) => [Number(r.paymentMethodId), r]));
  const plan = new Plan(await loadPlanSettings(db));
  const own = await methodAccounts(db);
  return methods.map((m) => {
    const row = byMethod.get(Number(m.id));
    const account = methodAccount(m, own, plan);
    const journal = plan.settings.paymentPlan?.get(Number(m.id))?.journal ?? plan.journal(methodJournalKind(m.kind));
    return {
      paymentMethodId: m.id,
      label: m.label,
      kind: m.kind,
      isActive: m.isActive,
      planId: row?.id ?? null,
      version: row?.version ?? null,
      accountId: row?.accountId ?? null,
      journalId: row?.journalId ?? null,
      account: account.code ? `${account.code} ${account.label}`.trim() : '',
      journal: journal.label ? `${journal.code} ${journal.label}` : '',
    };
  });
}

/** The accounts and journals a plan row may name, for the screen's choices. */
export async function paymentPlanChoices(db: Knex) {
  const accounts = await db('accounting_account')
    .whereIn('kind', PAYMENT_ACCOUNT_KINDS)
    .orderBy('code')
    .select('id', 'code', 'label');
  const journals = await db('accounting_journal')
    .whereNot('kind', 'sales')
    .orderBy('code')
    .select('id', 'code', 'label');
  return { accounts, journals };
}

/** A plan row's account is a payment account, its journal no sales journal. */
export async function checkPaymentPlan(
  trx: Knex,
  rec: Pick<AccountingPaymentPlan, 'accountId' | 'journalId'>,
): Promise<void> {
  if (rec.accountId) {
    const a = await trx('accounting_account').where('id', rec.accountId).first('kind');
    if (a && !PAYMENT_ACCOUNT_KINDS.includes(a.kind))
      throw badRequest('INCORRECT_FORM', {
        accountId: 'Compte de banque, de caisse, de chèques ou de chèques-vacances attendu',
      });
  }
  if (rec.journalId) {
    const j = await trx('accounting_journal').where('id', rec.journalId).first('kind');
    if (j?.kind === 'sales') throw badRequest('INCORRECT_FORM', { journalId: 'Journal de ventes refusé' });
  }
}
