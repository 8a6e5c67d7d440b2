// An accounting connector is a module record of kind 'accounting' (§2 (docs/screens.md#admin) Admin,
// /admin/module/accounting-grid and /admin/module/accounting/{id}; settings in
// common/modules.ts): the accountant's program a period's entries are exported for.
// Its settings are read here:
// - exportFormat: the file's format (FEC, CSV, Quadratus, XIMPORT, EBP; formats.ts);
// - journalCode: the code of the sales journal in that program (« VE » where Bivouac says
//   « VT »), cut to the format's width;
// - accountLength: general accounts padded with zeros on the right (411 → 41100000) or cut
//   to that length, as the program's chart of accounts has them; the customers' auxiliary
//   accounts (C000123) are the customer settings' and keep their own length;
// - protocol, host, port, user, password (a secret, never answered nor logged), directory:
//   where « Envoyer » puts the file (send.ts).
// An inactive record exports nothing (CHOOSE_ACCOUNTING_SOFTWARE).
import type { Knex } from 'knex';
import type { ModuleRecord } from '../../../common/generated/types';
import { badRequest } from '../../http/errors';
import { defaultSettings } from '../../../common/modules';
import type { FecLine } from './fec';
import { EXPORT_FORMATS, type ExportFormat } from './formats';

export const SEND_PROTOCOLS = ['ftp', 'ftps', 'sftp'] as const;
export type SendProtocol = (typeof SEND_PROTOCOLS)[number];

export interface SendSettings {
  protocol: SendProtocol;
  host: string;
  port: number;
  user: string;
  password: string;
  directory: string;
}

export interface AccountingConnector {
  id: number;
  label: string;
  provider: string | null;
  exportFormat: ExportFormat;
  journalCode: string | null;
  accountLength: number;
  /** null: the file is only downloaded */
  send: SendSettings | null;
}

const KIND = 'accounting';
const DEFAULT_PORTS: Record<SendProtocol, number> = { ftp: 21, ftps: 21, sftp: 22 };
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function connectorOf(
  row: Pick<ModuleRecord, 'id' | 'label' | 'settings'> & Partial<Pick<ModuleRecord, 'provider'>>,
): AccountingConnector {
  const s = { ...defaultSettings(KIND), ...(row.settings ?? {}) } as Record<string, unknown>;
  const exportFormat = EXPORT_FORMATS.includes(s.exportFormat as ExportFormat)
    ? (s.exportFormat as ExportFormat)
    : 'csv';
  const protocol = SEND_PROTOCOLS.find((p) => p === s.protocol);
  const length = Number(s.accountLength);
  return {
    id: Number(row.id),
    label: row.label,
    provider: row.provider ?? null,
    exportFormat,
    journalCode: str(s.journalCode).toUpperCase() || null,
    accountLength: Number.isInteger(length) && length >= 4 && length <= 20 ? length : 8,
    send:
      protocol && str(s.host)
        ? {
            protocol,
            host: str(s.host),
            port: Number.isInteger(s.port) && Number(s.port) > 0 ? Number(s.port) : DEFAULT_PORTS[protocol],
            user: str(s.user),
            password: typeof s.password === 'string' ? s.password : '',
            directory: str(s.directory),
          }
        : null,
  };
}

/** The active connector `id`; CHOOSE_ACCOUNTING_SOFTWARE when it is unknown or inactive. */
export async function loadConnector(db: Knex, id: number): Promise<AccountingConnector> {
  const row = await db('module_config').where({ id, kind: KIND, isActive: true }).first();
  if (!row) throw badRequest('CHOOSE_ACCOUNTING_SOFTWARE');
  return connectorOf(row);
}

/** The active connectors, for the export screen's choice (no secret in it). */
export async function activeConnectors(db: Knex) {
  const rows = await db('module_config').where({ kind: KIND, isActive: true }).orderBy('label');
  return rows.map((r) => {
    const c = connectorOf(r);
    return { id: c.id, label: c.label, exportFormat: c.exportFormat, sends: !!c.send };
  });
}

/** An account number to `length` characters: zeros on the right, or cut. */
export const fitAccount = (code: string, length: number) => code.padEnd(length, '0').slice(0, length);

/** The lines as the connector's program wants them: its sales journal code, its account length. */
export function connectorLines(lines: FecLine[], c: AccountingConnector, salesJournal: string): FecLine[] {
  return lines.map((l) => {
    const journal = c.journalCode && l.journal === salesJournal ? c.journalCode : l.journal;
    return {
      ...l,
      journal,
      entryNumber: journal === l.journal ? l.entryNumber : journal + l.entryNumber.slice(l.journal.length),
      account: l.account ? fitAccount(l.account, c.accountLength) : l.account,
    };
  });
}
