// Accounting exports (issue 15, docs/ledger.md): a period's ledger entries not yet exported, written as a
// FEC file that is stored with the export; each entry carried is recorded as an export
// item (one export per ledger entry: a unique key), its payment flagged `isExported`
// (then frozen by the payment trigger of migration 0036) and its bill counted as
// exported. Deleting an export releases them: any export may be deleted, not only the
// last, because the ledger is the record and an export only a batch of it (the entries
// released go into the next export, rebuilt from the ledger as they were).
import type { Knex } from 'knex';
import { badRequest } from '../../http/errors';
import { fecLines, type FecLine, type LedgerRow } from './fec';
import { fecPeriod, fecSiren, ledgerRows, methodAccounts } from './fec-year';
import { loadPlanSettings, Plan } from './plan';
import { chosenSoftware, exportFile } from './software';
import { connectorLines, loadConnector, type AccountingConnector } from './connector';
import type { ExportFormat } from './formats';

export interface ExportRequest {
  startDate: string;
  endDate: string;
  /** only the entries of these payments and bills (each must not be exported yet) */
  paymentIds?: number[];
  billIds?: number[];
  /** for this accounting connector (module record): its format, journal code and account length */
  moduleId?: number;
}

/** The lines as the connector wants them (none: as the plan gives them). */
function forConnector(lines: FecLine[], plan: Plan, c: AccountingConnector | null): FecLine[] {
  if (!c) return lines;
  // Read from the settings, not plan.journal(): a period without sales must not report it missing.
  const sales = plan.settings.journals.find((j) => j.kind === 'sales')?.code ?? '';
  return connectorLines(lines, c, sales);
}

/** The period must lie inside one financial year (or one civil year when none is set). */
export async function checkPeriod(db: Knex, startDate: string, endDate: string): Promise<void> {
  if (endDate < startDate) throw badRequest('INCORRECT_DATES', { endDate: 'La fin précède le début' });
  const fy = await db('financial_year')
    .where('startDate', '<=', startDate)
    .andWhere('endDate', '>=', endDate)
    .first('id');
  if (fy) return;
  const around = await db('financial_year')
    .where((q) => q.where('startDate', '<=', startDate).andWhere('endDate', '>=', startDate))
    .orWhere((q) => q.where('startDate', '<=', endDate).andWhere('endDate', '>=', endDate))
    .first('id');
  if (around || startDate.slice(0, 4) !== endDate.slice(0, 4))
    throw badRequest('INCORRECT_DATES', { endDate: 'La période doit tenir dans un seul exercice' });
}

const exportedIds = (db: Knex, ids: number[]) =>
  // select, not pluck: pluck reads the snake_case column before the camelCase mapping.
  db('accounting_export_item')
    .whereIn('ledgerEntryId', ids)
    .select('ledgerEntryId')
    .then((rows) => rows.map((r) => Number(r.ledgerEntryId)));

/** The entries of the period, all or those not exported yet. */
async function periodRows(db: Knex, startDate: string, endDate: string, pendingOnly: boolean): Promise<LedgerRow[]> {
  const rows = (await ledgerRows(db, startDate, endDate)).filter((r) => r.amount !== 0);
  if (!pendingOnly || !rows.length) return rows;
  const done = new Set(
    (
      await exportedIds(
        db,
        rows.map((r) => r.id!),
      )
    ).map(Number),
  );
  return rows.filter((r) => !done.has(r.id!));
}

export interface Preview {
  lines: (FecLine & { exported?: boolean })[];
  entryCount: number;
  debit: number;
  credit: number;
  balanced: boolean;
  /** entry numbers whose debit and credit differ */
  unbalanced: string[];
  /** settings the export lacks (« Paramètres d'export incomplets ») */
  missing: string[];
}

export function summarise(lines: FecLine[]): Omit<Preview, 'lines' | 'missing'> {
  const byEntry = new Map<string, number>();
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    debit += l.debit;
    credit += l.credit;
    byEntry.set(l.entryNumber, (byEntry.get(l.entryNumber) ?? 0) + l.debit - l.credit);
  }
  const unbalanced = [...byEntry].filter(([, v]) => v !== 0).map(([k]) => k);
  return { entryCount: byEntry.size, debit, credit, balanced: !unbalanced.length && debit === credit, unbalanced };
}

/** The lines a FEC of the period would hold (the pending entries only, or all of them). */
export async function previewPeriod(
  db: Knex,
  startDate: string,
  endDate: string,
  pendingOnly: boolean,
  moduleId?: number,
) {
  await checkPeriod(db, startDate, endDate);
  const connector = moduleId ? await loadConnector(db, moduleId) : null;
  const rows = await periodRows(db, startDate, endDate, pendingOnly);
  const plan = new Plan(await loadPlanSettings(db));
  const lines = forConnector(fecLines(rows, await methodAccounts(db), plan), plan, connector);
  return { lines, ...summarise(lines), missing: [...plan.missing] } satisfies Preview;
}

/** Makes the export of the period's pending entries; throws its §8 (docs/errors.md#messages) messages. */
export async function createExport(knex: Knex, req: ExportRequest, userId: number | null): Promise<{ id: number }> {
  return knex.transaction(async (trx) => {
    // One export at a time: two would otherwise carry the same entries.
    await trx.raw("SELECT pg_advisory_xact_lock(hashtext('accounting_export'))");
    await checkPeriod(trx, req.startDate, req.endDate);
    const connector = req.moduleId ? await loadConnector(trx, req.moduleId) : null;
    const format: ExportFormat = connector?.exportFormat ?? (await chosenSoftware(trx));
    const siren = await fecSiren(trx);
    let rows = (await ledgerRows(trx, req.startDate, req.endDate)).filter((r) => r.amount !== 0);
    if (req.paymentIds || req.billIds) {
      const payments = new Set(req.paymentIds ?? []);
      const bills = new Set(req.billIds ?? []);
      rows = rows.filter((r) =>
        r.sourceTable === 'payment'
          ? payments.has(Number(r.sourceId))
          : r.sourceTable === 'bill' && bills.has(Number(r.sourceId)),
      );
      if (
        rows.length &&
        (
          await exportedIds(
            trx,
            rows.map((r) => r.id!),
          )
        ).length
      )
        throw badRequest('ITEMS_ALREADY_EXPORTED');
    } else {
      const done = new Set(
        (
          await exportedIds(
            trx,
            rows.map((r) => r.id!),
          )
        ).map(Number),
      );
      rows = rows.filter((r) => !done.has(r.id!));
    }
    if (!rows.length) throw badRequest('NOTHING_TO_EXPORT');
    const plan = new Plan(await loadPlanSettings(trx));
    const lines = forConnector(fecLines(rows, await methodAccounts(trx), plan), plan, connector);
    const incomplete = plan.incomplete();
    if (incomplete) throw incomplete;
    const sum = summarise(lines);
    const file = exportFile(format, siren, (await fecPeriod(trx, Number(req.endDate.slice(0, 4)))).endDate, lines);
    const paymentIds = await existing(trx, 'payment', rows, (r) => r.sourceTable === 'payment');
    const billIds = await existing(trx, 'bill', rows, (r) => r.sourceTable === 'bill');
    const [made] = await trx('accounting_export')
      .insert({
        startDate: req.startDate,
        endDate: req.endDate,
        fileName: file.fileName,
        fileText: file.text,
        format,
        moduleId: connector?.id ?? null,
        entryCount: sum.entryCount,
        paymentCount: new Set(rows.filter((r) => r.sourceTable === 'payment').map((r) => r.sourceId)).size,
        billCount: new Set(rows.filter((r) => r.sourceTable === 'bill').map((r) => r.sourceId)).size,
        debitTotal: sum.debit,
        userId,
      })
      .returning('id');
    await trx('accounting_export_item').insert(
      rows.map((r) => ({
        accountingExportId: made.id,
        ledgerEntryId: r.id,
        sourceTable: r.sourceTable ?? r.kind,
        sourceId: r.sourceId ?? null,
        paymentId: r.sourceTable === 'payment' && paymentIds.has(Number(r.sourceId)) ? r.sourceId : null,
        billId: r.sourceTable === 'bill' && billIds.has(Number(r.sourceId)) ? r.sourceId : null,
      })),
    );
    if (paymentIds.size)
      await trx('payment')
        .whereIn('id', [...paymentIds])
        .update({ isExported: true });
    return { id: made.id };
  });
}

/** The ids of `table` rows the entries come from that still exist (a deleted payment has none). */
async function existing(trx: Knex, table: string, rows: LedgerRow[], keep: (r: LedgerRow) => boolean) {
  const ids = [...new Set(rows.filter(keep).map((r) => Number(r.sourceId)))];
  return new Set<number>(ids.length ? (await trx(table).whereIn('id', ids).pluck('id')).map(Number) : []);
}

/** Frees the payments of an export being deleted (its items go with it, ON DELETE CASCADE). */
export async function releaseExport(trx: Knex.Transaction, exportId: number): Promise<void> {
  const ids = await trx('accounting_export_item')
    .where('accountingExportId', exportId)
    .whereNotNull('paymentId')
    .select('paymentId')
    .then((rows) => rows.map((r) => Number(r.paymentId)));
  if (!ids.length) return;
  // The payment trigger lets an exported payment go back only on this path (migration 0036).
  await trx.raw("SELECT set_config('bivouac.release_export', 'on', true)");
  await trx('payment').whereIn('id', ids).update({ isExported: false });
  await trx.raw("SELECT set_config('bivouac.release_export', '', true)");
}

/** The history of exports, newest first, without their files. */
/** The export's own columns the history lists (its answer schema, routes.ts, names the same), beside its module's
 * label and its author's name. */
export const HISTORY_COLUMNS = [
  'id',
  'version',
  'createdAt',
  'startDate',
  'endDate',
  'fileName',
  'entryCount',
  'paymentCount',
  'billCount',
  'debitTotal',
  'format',
  'moduleId',
  'sentAt',
  'sentTo',
] as const;

export async function exportHistory(db: Knex) {
  const rows = await db('accounting_export as e')
    .leftJoin('app_user as u', 'u.id', 'e.userId')
    .leftJoin('module_config as m', 'm.id', 'e.moduleId')
    .orderBy('e.id', 'desc')
    .select(...HISTORY_COLUMNS.map((c) => `e.${c}`), 'm.label as moduleLabel', 'u.name as userName');
  return rows.map((r) => ({ ...r, debitTotal: Number(r.debitTotal) }));
}
