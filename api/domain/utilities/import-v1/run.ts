// The V1 import (docs/import-v1.md): customers, places and stays of a previous system's
// CSV export. One transaction, all or nothing: every line is written in a savepoint of
// its own so that each refused line is reported (line number and French reason), then
// the dry run rolls everything back and answers the figures, and the real import
// commits only when no line was refused. What is written goes through the product's own
// write path: saveRecord (entity validation and rules) for customers and places,
// createBooking for stays (places, dates, activity periods, availability, the pricing
// engine — the stay is priced by the current grids; an imported amount is kept in the
// stay's history, not as its price). External ids (import_v1_key) make a second import
// of the same file create nothing twice; imports queue on an advisory lock.
import type { Knex } from 'knex';
import { formatCents } from '../../../../common/money';
import { HttpError, badRequest } from '../../../http/errors';
import { mapDbError } from '../../../db/errors';
import { entityMeta } from '../../../rest/entities';
import { saveRecord } from '../../../rest/records';
import { recordHistory } from '../../../rest/history';
import { createBooking } from '../../stays/actions';
import { decode, parseCsv } from './csv';
import {
  KIND_FR,
  parseDate,
  parseEuros,
  readHeader,
  readLine,
  type ImportLine,
  type Kind,
  type Refusal,
} from './lines';

const IMPORT_LOCK = 0x696d7631; // 'imv1'
const MAX_LINES = 20_000;

export interface ImportReport {
  dryRun: boolean;
  encoding: string;
  lines: number;
  created: Record<Kind, number>;
  skipped: Record<Kind, number>;
  refused: Refusal[];
}

class DryRunDone extends Error {}
/** A line refused by the import's own checks: its message is the French reason. */
class LineRefusal extends Error {}

/** The French reason of a refused write. */
function reason(e: unknown): string {
  if (e instanceof LineRefusal) return e.message;
  const h = e instanceof HttpError ? e : mapDbError(e);
  if (!h) return 'erreur inattendue lors de l’enregistrement';
  const details = Object.values(h.errors ?? {}).filter((m) => m && m !== h.message);
  return details.length ? `${h.message} : ${[...new Set(details)].join(' ; ')}` : h.message;
}

type Trx = Knex.Transaction;
type Lookup = (trx: Trx, l: ImportLine, userId: number) => Promise<number>;

async function idOf(trx: Trx, kind: Kind, externalId: string): Promise<number | null> {
  const row = await trx('import_v1_key').where({ kind, externalId }).first('recordId');
  return row ? Number(row.recordId) : null;
}

const createCustomer: Lookup = async (trx, { v, externalId }, userId) => {
  let countryId: number | undefined;
  if (v.pays) {
    const c = await trx('country').whereRaw('upper(iso_code) = ?', [v.pays.toUpperCase()]).first('id');
    if (!c) throw new LineRefusal(`pays « ${v.pays} » inconnu (code ISO à deux lettres attendu, ex. FR)`);
    countryId = c.id;
  }
  const saved = await saveRecord(
    trx,
    entityMeta('customer'),
    {
      lastName: v.nom,
      firstName: v.prenom ?? null,
      email: v.email ?? null,
      phone1: v.telephone ?? null,
      address1: v.adresse ?? null,
      postalCode: v.code_postal ?? null,
      town: v.ville ?? null,
      ...(countryId ? { countryId } : {}),
      notes: `Import V1 : client ${externalId}`,
    },
    userId,
    0,
  );
  return saved.id;
};

const createPlace: Lookup = async (trx, { v }, userId) => {
  const type = await trx('place_type')
    .whereRaw('lower(label) = lower(?) OR lower(code) = lower(?)', [v.type_emplacement!, v.type_emplacement!])
    .first('id');
  if (!type) throw new LineRefusal(`type d'emplacement « ${v.type_emplacement} » inconnu`);
  if (await trx('place').whereRaw('lower(code) = lower(?)', [v.code!]).first('id'))
    throw new LineRefusal(`un emplacement de code « ${v.code} » existe déjà`);
  const saved = await saveRecord(
    trx,
    entityMeta('place'),
    {
      code: v.code,
      label: v.libelle ?? null,
      placeTypeId: type.id,
      ...(v.capacite ? { capacity: Number(v.capacite) } : {}),
    },
    userId,
    0,
  );
  return saved.id;
};

async function ageCategory(trx: Trx, channel: 'adult' | 'child'): Promise<number> {
  const cat = await trx('age_category')
    .where({ isActif: true, channelCategory: channel })
    .orderBy(['order', 'id'])
    .first('id');
  if (!cat)
    throw new LineRefusal(
      `aucune catégorie d'âge active n'est associée aux ${channel === 'adult' ? 'adultes' : 'enfants'}`,
    );
  return cat.id;
}

const createStay: Lookup = async (trx, { v, externalId }, userId) => {
  const customerId = await idOf(trx, 'customer', v.client!);
  if (customerId == null) throw new LineRefusal(`client « ${v.client} » absent du fichier et des imports précédents`);
  const place = await trx('place').whereRaw('lower(code) = lower(?)', [v.emplacement!]).first('id');
  if (!place) throw new LineRefusal(`emplacement « ${v.emplacement} » inconnu`);
  const details = [{ ageCategoryId: await ageCategory(trx, 'adult'), quantity: Number(v.adultes) }];
  if (Number(v.enfants ?? 0) > 0)
    details.push({ ageCategoryId: await ageCategory(trx, 'child'), quantity: Number(v.enfants) });
  const booking = await createBooking(
    trx as unknown as Knex,
    {
      kind: 'booking',
      customerId,
      notes: `Import V1 : séjour ${externalId}`,
      occupancies: [
        { placeId: place.id, startDate: parseDate(v.date_debut!)!, endDate: parseDate(v.date_fin!)!, details },
      ],
    },
    userId,
    trx,
  );
  const amount = v.montant ? parseEuros(v.montant) : null;
  if (amount != null)
    await recordHistory(trx, {
      userId,
      entity: entityMeta('booking'),
      recordId: booking.id,
      action: 'action',
      detail:
        `Import V1 : montant de l'ancien logiciel ${formatCents(amount)}, ` +
        `prix calculé ${booking.totalAmount == null ? '—' : formatCents(booking.totalAmount)}`,
    });
  return booking.id;
};

/** Reads, checks and writes the file; answers the report (dry run) or throws 400 with it when a line is refused. */
export async function importV1(knex: Knex, bytes: Buffer, dryRun: boolean, userId: number): Promise<ImportReport> {
  const { text, encoding } = decode(bytes);
  let records;
  let header;
  try {
    records = parseCsv(text);
    if (!records.length) throw new Error('le fichier est vide');
    if (records.length - 1 > MAX_LINES) throw new LineRefusal(`plus de ${MAX_LINES} lignes`);
    header = readHeader(records[0].fields);
  } catch (e) {
    throw badRequest('IMPORT_FILE_UNREADABLE', undefined, { reason: (e as Error).message });
  }
  const refused: Refusal[] = [];
  const lines: ImportLine[] = [];
  const seen = new Map<string, number>();
  for (const r of records.slice(1)) {
    const l = readLine(header, r.line, r.fields);
    if (!('kind' in l)) {
      refused.push(l);
      continue;
    }
    const key = `${l.kind}:${l.externalId.toLowerCase()}`;
    if (seen.has(key)) {
      refused.push({
        line: l.line,
        message: `${KIND_FR[l.kind]} « ${l.externalId} » déjà présent ligne ${seen.get(key)}`,
      });
      continue;
    }
    seen.set(key, l.line);
    lines.push(l);
  }
  const report: ImportReport = {
    dryRun,
    encoding,
    lines: records.length - 1,
    created: { customer: 0, place: 0, stay: 0 },
    skipped: { customer: 0, place: 0, stay: 0 },
    refused,
  };
  const writers: Record<Kind, Lookup> = { customer: createCustomer, place: createPlace, stay: createStay };
  try {
    await knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(?)', [IMPORT_LOCK]);
      // Customers and places first: a stay names them, wherever its line stands.
      for (const kind of ['customer', 'place', 'stay'] as const) {
        for (const l of lines.filter((x) => x.kind === kind)) {
          if ((await idOf(trx, kind, l.externalId)) != null) {
            report.skipped[kind]++;
            continue;
          }
          try {
            await trx.transaction(async (sp) => {
              const id = await writers[kind](sp, l, userId);
              await sp('import_v1_key').insert({ kind, externalId: l.externalId, recordId: id });
            });
            report.created[kind]++;
          } catch (e) {
            refused.push({ line: l.line, message: reason(e) });
          }
        }
      }
      refused.sort((a, b) => a.line - b.line);
      if (dryRun) throw new DryRunDone();
      if (refused.length)
        throw new HttpError(
          400,
          'IMPORT_FILE_REFUSED',
          undefined,
          { count: refusedCount(refused.length) },
          {
            report: { ...report, created: { customer: 0, place: 0, stay: 0 } },
          },
        );
    });
  } catch (e) {
    if (!(e instanceof DryRunDone)) throw e;
  }
  return report;
}

const refusedCount = (n: number) => (n > 1 ? `${n} lignes refusées` : '1 ligne refusée');
