// The accounting plan the FEC is written with: the accounts, journals and customer
// account settings of the accounting screens (migration 0046 seeds the defaults).
// A plan answers an account by its kind (and VAT rate) and notes what it lacks, so an
// export names every missing setting at once (« Paramètres d'export incomplets : … »).
import type { Knex } from 'knex';
import { badRequest, type HttpError } from '../../http/errors';

export interface PlanAccount {
  code: string;
  label: string;
}
export interface PlanSettings {
  accounts: { code: string; label: string; kind: string; vatRateBp: number | null }[];
  journals: { code: string; label: string; kind: string }[];
  customer: { mode: 'auxiliary' | 'collective'; accountId: number | null; prefix: string; length: number };
  /** the customer account chosen in the settings, when it still exists */
  customerAccount?: PlanAccount;
  /** the payment plan: per payment method id, the account and journal its payments go to */
  paymentPlan?: Map<number, PaymentRoute>;
  /** the detail plan and the discounts: per `lineType:rateBp` (`lineType:*` for every rate), a sales account */
  detail?: Map<string, PlanAccount>;
}
/** Where a payment method's payments go; what is left out keeps the default. */
export interface PaymentRoute {
  account?: PlanAccount;
  journal?: PlanAccount;
}

export const JOURNAL_KINDS = ['sales', 'bank', 'cash'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];
const JOURNAL_NAMES: Record<JournalKind, string> = {
  sales: 'journal des ventes',
  bank: 'journal de banque',
  cash: 'journal de caisse',
};
const ACCOUNT_NAMES: Record<string, string> = {
  customer: 'compte clients',
  sales: 'compte de ventes',
  vat: 'compte de TVA collectée',
  'outside-vat': 'compte des produits hors champ de la TVA',
  'tourist-tax': 'compte de taxe de séjour',
  bank: 'compte de banque',
  cash: 'compte de caisse',
  cheque: 'compte des chèques à encaisser',
  'holiday-voucher': 'compte des chèques-vacances à encaisser',
  insurer: "compte de l'assureur (primes à reverser)",
  'holiday-aid': 'compte des aides aux vacances à recevoir (CAF)',
};
export const rateLabel = (bp: number) => `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

/** Resolves accounts and journals of a plan, remembering what is missing. */
export class Plan {
  readonly missing = new Set<string>();
  constructor(readonly settings: PlanSettings) {}

  account(kind: string, vatRateBp?: number): PlanAccount {
    if (kind === 'customer' && this.settings.customerAccount) return this.settings.customerAccount;
    const found = this.settings.accounts.find(
      (a) => a.kind === kind && (vatRateBp === undefined || a.vatRateBp === vatRateBp),
    );
    if (found) return found;
    this.missing.add(`${ACCOUNT_NAMES[kind] ?? kind}${vatRateBp === undefined ? '' : ` TVA ${rateLabel(vatRateBp)}`}`);
    return { code: '', label: '' };
  }

  journal(kind: JournalKind): PlanAccount {
    const found = this.settings.journals.find((j) => j.kind === kind);
    if (found) return found;
    this.missing.add(JOURNAL_NAMES[kind]);
    return { code: kind, label: '' };
  }

  /** The account of a bill line type at a rate (detail plan, discounts); none: the rate's sales account. */
  detailAccount(lineType: number, vatRateBp: number | null): PlanAccount | undefined {
    const d = this.settings.detail;
    return d?.get(`${lineType}:${vatRateBp ?? '*'}`) ?? d?.get(`${lineType}:*`);
  }

  /** The customer's auxiliary account (CompAuxNum), none with a collective account only. */
  auxiliary(customerId: number | null | undefined, label: string): { num: string; label: string } | undefined {
    const c = this.settings.customer;
    if (c.mode === 'collective') return undefined;
    const id = String(customerId ?? 0);
    return { num: `${c.prefix}${id.padStart(Math.max(0, c.length - c.prefix.length), '0')}`, label };
  }

  /** 400 « Paramètres d'export incomplets : … » naming every missing setting, if any. */
  incomplete(): HttpError | undefined {
    if (!this.missing.size) return undefined;
    const e = badRequest('EXPORT_SETTINGS_INCOMPLETE', { settings: [...this.missing].join(', ') });
    e.message = `${e.message} : ${[...this.missing].join(', ')}`;
    return e;
  }
}

/** The plan of the accounts as they were hard-coded before the settings (unit tests, checks). */
export function defaultPlanSettings(rates: number[] = [0, 210, 550, 1000, 2000]): PlanSettings {
  const pad = (bp: number) => String(Math.round(bp / 10)).padStart(3, '0');
  const accounts: PlanSettings['accounts'] = [
    { code: '411000', label: 'Clients', kind: 'customer', vatRateBp: null },
    ...rates.flatMap((bp) => [
      { code: `706${pad(bp)}`, label: `Prestations TVA ${rateLabel(bp)}`, kind: 'sales', vatRateBp: bp },
      { code: `44571${pad(bp)}`, label: `TVA collectée ${rateLabel(bp)}`, kind: 'vat', vatRateBp: bp },
    ]),
    { code: '468600', label: 'Taxe de séjour à reverser', kind: 'tourist-tax', vatRateBp: null },
    { code: '708000', label: 'Produits hors champ de la TVA', kind: 'outside-vat', vatRateBp: null },
    { code: '512000', label: 'Banque', kind: 'bank', vatRateBp: null },
    { code: '530000', label: 'Caisse', kind: 'cash', vatRateBp: null },
    { code: '511200', label: 'Chèques à encaisser', kind: 'cheque', vatRateBp: null },
    { code: '511300', label: 'Chèques-vacances à encaisser', kind: 'holiday-voucher', vatRateBp: null },
    { code: '467100', label: "Assureur – primes d'assurance annulation à reverser", kind: 'insurer', vatRateBp: null },
    { code: '411900', label: 'CAF – aides aux vacances (VACAF) à recevoir', kind: 'holiday-aid', vatRateBp: null },
  ];
  return {
    accounts,
    journals: [
      { code: 'VT', label: 'Ventes', kind: 'sales' },
      { code: 'BQ', label: 'Banque', kind: 'bank' },
      { code: 'CA', label: 'Caisse', kind: 'cash' },
    ],
    customer: { mode: 'auxiliary', accountId: null, prefix: 'C', length: 0 },
  };
}

/** The plan as configured in the database. */
export async function loadPlanSettings(db: Knex): Promise<PlanSettings> {
  const accounts = await db('accounting_account').orderBy('code').select('id', 'code', 'label', 'kind', 'vatRateBp');
  const journals = await db('accounting_journal').orderBy('id').select('code', 'label', 'kind');
  const s = await db('accounting_setting').orderBy('id').first();
  const chosen = s?.customerAccountId ? accounts.find((a) => a.id === s.customerAccountId) : undefined;
  return {
    accounts: accounts.map((a) => ({
      code: a.code,
      label: a.label,
      kind: a.kind,
      vatRateBp: a.vatRateBp === null ? null : Number(a.vatRateBp),
    })),
    journals,
    customer: {
      mode: s?.customerMode === 'collective' ? 'collective' : 'auxiliary',
      accountId: s?.customerAccountId ?? null,
      prefix: s?.auxiliaryPrefix ?? 'C',
      length: Number(s?.auxiliaryLength ?? 0),
    },
    customerAccount: chosen ? { code: chosen.code, label: chosen.label } : undefined,
    paymentPlan: await loadPaymentPlan(db),
    detail: await loadDetailPlan(db),
  };
}

/** The detail plan's and the discounts' rows: bill line type (and rate) → account. */
export async function loadDetailPlan(db: Knex): Promise<Map<string, PlanAccount>> {
  const out = new Map<string, PlanAccount>();
  for (const table of ['accounting_detail_plan', 'accounting_discount']) {
    const rows = await db(`${table} as p`)
      .join('accounting_account as a', 'a.id', 'p.accountId')
      .select('p.lineType', 'p.vatRateBp', 'a.code', 'a.label');
    for (const r of rows) out.set(`${r.lineType}:${r.vatRateBp ?? '*'}`, { code: r.code, label: r.label });
  }
  return out;
}

/** The payment plan rows, with their account and journal (a row of nulls changes nothing). */
export async function loadPaymentPlan(db: Knex): Promise<Map<number, PaymentRoute>> {
  const rows = await db('accounting_payment_plan as p')
    .leftJoin('accounting_account as a', 'a.id', 'p.accountId')
    .leftJoin('accounting_journal as j', 'j.id', 'p.journalId')
    .select('p.paymentMethodId', 'a.code as accountCode', 'a.label as accountLabel', 'j.code as journalCode')
    .select('j.label as journalLabel');
  return new Map(
    rows.map((r) => [
      Number(r.paymentMethodId),
      {
        account: r.accountCode ? { code: r.accountCode, label: r.accountLabel } : undefined,
        journal: r.journalCode ? { code: r.journalCode, label: r.journalLabel } : undefined,
      },
    ]),
  );
}
