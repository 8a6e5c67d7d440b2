// The trial balance of a FEC file (issue 24, docs/statements.md): what each account holds at the end, and
// the checks an accountant makes before filing — every customer account (411, per
// auxiliary account) settles, 468600 holds the tourist tax only, and the revenue and
// output VAT accounts hold what the bills and tickets of the year say. Amounts in cents,
// debit positive.

export interface TrialBalance {
  /** net (debit − credit) per account */
  accounts: Map<string, number>;
  /** net per customer auxiliary account (411) */
  customers: Map<string, number>;
}

const cents = (s: string) => {
  const [units, dec = '0'] = s.replace('-', '').split(',');
  const v = Number(units) * 100 + Number(dec.padEnd(2, '0'));
  return s.startsWith('-') ? -v : v;
};

export function trialBalance(text: string): TrialBalance {
  const accounts = new Map<string, number>();
  const customers = new Map<string, number>();
  for (const row of text.split('\r\n').slice(1)) {
    if (!row) continue;
    const f = row.split('\t');
    const net = cents(f[11]) - cents(f[12]);
    accounts.set(f[4], (accounts.get(f[4]) ?? 0) + net);
    if (f[4].startsWith('411')) customers.set(f[6], (customers.get(f[6]) ?? 0) + net);
  }
  return { accounts, customers };
}

export interface Expected {
  /** tourist tax billed (credit on 468600) */
  touristTax: number;
  /** revenue excl. VAT (credit on 706/707), output VAT (credit on 44571), other outside VAT (708) */
  revenue: number;
  vat: number;
  outsideVat: number;
}

/** The problems found (French, as the other checker): none when the balance is what the year's sales say. */
export function checkTrialBalance(text: string, expected: Expected): string[] {
  const { accounts, customers } = trialBalance(text);
  const problems: string[] = [];
  for (const [aux, net] of customers)
    if (net !== 0) problems.push(`compte client ${aux || '(sans)'} non soldé : ${net}`);
  const sum = (pred: (a: string) => boolean) => [...accounts].filter(([a]) => pred(a)).reduce((s, [, v]) => s + v, 0);
  const checks: [string, number, number][] = [
    ['468600 (taxe de séjour)', -sum((a) => a === '468600'), expected.touristTax],
    ['produits 706/707', -sum((a) => a.startsWith('706') || a.startsWith('707')), expected.revenue],
    ['TVA collectée 44571', -sum((a) => a.startsWith('44571')), expected.vat],
    ['produits hors champ 708', -sum((a) => a.startsWith('708')), expected.outsideVat],
  ];
  for (const [label, got, want] of checks) if (got !== want) problems.push(`${label} : ${got} au lieu de ${want}`);
  return problems;
}
