// The deposits' states polled from the provider (§7 (docs/api.md) module/surety), every hour by the
// scheduler (api/jobs): each provider guarantee still « En cours » or « Détenue par le
// prestataire » whose notes carry the provider's deposit id (swikly.ts) is asked for its
// state and follows it: requested → in-progress, held → provider-held, released →
// released, captured → cashed (with the day it was released or cashed). A row changes
// only if nobody changed its state since it was read (a user or a send may have), and
// one provider failure leaves that row as it was and goes on with the others.
import type { Knex } from 'knex';
import { todayParis } from '../../../common/dates';
import { describeError } from '../../http/log';
import { suretyProvider, type DepositStatus, type SuretyProvider } from './provider';
import { depositIdOf, depositNote } from './swikly';

const STATUS: Record<DepositStatus, string> = {
  requested: 'in-progress',
  held: 'provider-held',
  released: 'released',
  captured: 'cashed',
};

export interface PollResult {
  checked: number;
  changed: number;
  failed: number;
}

export async function pollSuretyStatuses(
  knex: Knex,
  provider: SuretyProvider | null = suretyProvider(),
  // The provider's message may quote the customer: only the error's kind is logged.
  log: (message: string, err: unknown) => void = (m, e) => console.error(`${m} — ${describeError(e)}`),
): Promise<PollResult> {
  const out: PollResult = { checked: 0, changed: 0, failed: 0 };
  if (!provider) return out;
  const rows: { id: number; status: string; notes: string | null; releasedOn: string | null }[] = await knex(
    'guarantee',
  )
    .where('kind', 'provider')
    .whereIn('status', ['in-progress', 'provider-held'])
    .whereLike('notes', `${depositNote('')}%`)
    .orderBy('id')
    .select('id', 'status', 'notes', 'releasedOn');
  for (const row of rows) {
    const depositId = depositIdOf(row.notes);
    if (!depositId) continue;
    out.checked++;
    try {
      const status = STATUS[(await provider.status(depositId)).status];
      if (status === row.status) continue;
      const ended = status === 'released' || status === 'cashed';
      const n = await knex('guarantee')
        .where({ id: row.id, status: row.status })
        .update({ status, ...(ended && !row.releasedOn ? { releasedOn: todayParis() } : {}) });
      if (n) out.changed++;
    } catch (e) {
      out.failed++;
      log(`Caution ${row.id} : état non relu chez le prestataire`, e);
    }
  }
  return out;
}
