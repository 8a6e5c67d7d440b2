// The detail plan (« Plan détaillé »: /detail-plan) and the discounts (« Remises »:
// /accounting-discounts): per bill line type, and optionally per VAT rate, the account its
// sales (or the discounts granted, debited) go to in the FEC and every export, instead of
// the rate's sales account. A line type without a row keeps the rate's sales account, so
// an empty plan changes nothing. Rows are checked on the generic write path: one row per
// line type and rate, an account of sales or « autre » nature.
import { registerHooks } from '../../rest/entities';
import { badRequest } from '../../http/errors';
import { keepOnDemoReset } from '../establishment/demo-reset';
import { TILL_LINE_TYPES } from '../ledger/entries';
import type { Line, LedgerRow } from './fec-types';
import type { Plan, PlanAccount } from './plan';

/** A line debiting (positive) or crediting (negative) an account; zero lines are left out. */
const line = (account: PlanAccount, signed: number): Line[] =>
  signed ? [{ account, debit: signed > 0 ? signed : 0, credit: signed < 0 ? -signed : 0 }] : [];

/**
 * The sales of a bill at a rate: on the detail plan's and the discounts' accounts for the
 * line types they name, the rest on the rate's sales account. When every line of the rate
 * has its account, the cents by which the lines' sum differs from the bill's total at that
 * rate (rounding) go to the largest of them, not to a line of their own.
 */
export function salesLines(r: LedgerRow, rateBp: number, total: number, plan: Plan): Line[] {
  const parts = new Map<string, { account: PlanAccount; amount: number }>();
  let mapped = 0;
  let unmapped = false;
  if (plan.settings.detail?.size)
    for (const l of r.lines ?? []) {
      if (l.rateBp !== rateBp || TILL_LINE_TYPES.includes(l.lineType)) continue;
      const account = plan.detailAccount(l.lineType, rateBp);
      if (!account) {
        unmapped = true;
        continue;
      }
      const part = parts.get(account.code) ?? { account, amount: 0 };
      part.amount += l.exclVat;
      mapped += l.exclVat;
      parts.set(account.code, part);
    }
  if (!parts.size) return line(plan.account('sales', rateBp), -total);
  const rest = total - mapped;
  const list = [...parts.values()];
  if (!unmapped && rest) list.sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))[0].amount += rest;
  const out = list.flatMap((p) => line(p.account, -p.amount));
  if (unmapped) out.push(...line(plan.account('sales', rateBp), -rest));
  return out;
}

const ACCOUNT_KINDS = ['sales', 'other'];

export function registerDetailPlanRules(): void {
  for (const [entity, table] of [
    ['accounting-detail-plan', 'accounting_detail_plan'],
    ['accounting-discount', 'accounting_discount'],
  ]) {
    // Configuration, like the accounts it names: a demo reset keeps it.
    keepOnDemoReset(entity);
    registerHooks(entity, {
      async beforeSave(rec, existing, { trx }) {
        const rate = rec.vatRateBp ?? null;
        const twin = await trx(table)
          .where('lineType', rec.lineType)
          .where((q) => (rate === null ? q.whereNull('vatRateBp') : q.where('vatRateBp', rate)))
          .whereNot('id', existing?.id ?? 0)
          .first('id');
        if (twin) throw badRequest('INCORRECT_FORM', { lineType: 'Cette ligne a déjà son compte à ce taux' });
        const a = await trx('accounting_account').where('id', rec.accountId).first('kind');
        if (a && !ACCOUNT_KINDS.includes(a.kind))
          throw badRequest('INCORRECT_FORM', { accountId: 'Compte de ventes ou de nature « Autre » attendu' });
      },
    });
  }
}
