// A channel is a module record of kind `online-booking` (/admin/module/online-booking/{id});
// its settings (common/modules.ts) are read here, with its mappings (entity channel-mapping).
import type { Knex } from 'knex';
import type { ModuleRecord } from '../../../common/generated/types/index';

type Db = Knex | Knex.Transaction;

export type ConnectorKind = 'webhook' | 'pitchup' | 'ical';

export interface ChannelConfig {
  id: number;
  label: string;
  provider: string | null;
  isActive: boolean;
  connector: ConnectorKind;
  apiUrl: string | null;
  apiKey: string | null;
  apiVersion: string | null;
  siteId: string | null;
  webhookSecret: string | null;
  accessChannelId: number | null;
  paymentMethodId: number | null;
  partnerId: number | null;
  commissionRate: number | null;
  autoIntegrate: boolean;
  pollMinutes: number;
  pushAvailability: boolean;
  pushRates: boolean;
  maxChildAge: number;
  maxInfantAge: number;
}

export interface Mapping {
  id: number;
  kind: 'place-type' | 'rate-plan' | 'age-category' | 'extra' | 'place-feed';
  externalCode: string;
  externalLabel: string | null;
  placeTypeId: number | null;
  placeId: number | null;
  priceGridId: number | null;
  ageCategoryId: number | null;
  channelAge: 'adult' | 'child' | 'infant' | null;
  maxAge: number | null;
  extraId: number | null;
  feedUrl: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const int = (v: unknown) => (Number.isInteger(v) ? (v as number) : null);
const bool = (v: unknown, dflt: boolean) => (typeof v === 'boolean' ? v : dflt);

/** The columns of a channel's module row its configuration is read from. */
export type ChannelModuleRow = Pick<ModuleRecord, 'id' | 'label' | 'isActive' | 'settings'> & {
  provider?: string | null;
};

export function channelOf(row: ChannelModuleRow): ChannelConfig {
  const s = (row.settings ?? {}) as Record<string, unknown>;
  const connector = s.connector === 'pitchup' || s.connector === 'ical' ? s.connector : 'webhook';
  return {
    id: row.id,
    label: row.label,
    provider: row.provider ?? null,
    isActive: !!row.isActive,
    connector,
    apiUrl: str(s.apiUrl),
    apiKey: str(s.apiKey),
    apiVersion: str(s.apiVersion),
    siteId: str(s.siteId),
    webhookSecret: str(s.webhookSecret),
    accessChannelId: int(s.accessChannelId),
    paymentMethodId: int(s.paymentMethodId),
    partnerId: int(s.partnerId),
    commissionRate: int(s.commissionRate),
    // A channel that pushes or is pulled unattended integrates by default: the point is no retyping.
    autoIntegrate: bool(s.autoIntegrate, true),
    pollMinutes: int(s.pollMinutes) ?? 5,
    pushAvailability: bool(s.pushAvailability, true),
    pushRates: bool(s.pushRates, false),
    maxChildAge: int(s.maxChildAge) ?? 15,
    maxInfantAge: int(s.maxInfantAge) ?? 2,
  };
}

export async function loadChannel(db: Db, id: number): Promise<ChannelConfig | null> {
  const row = await db('module_config').where({ id, kind: 'online-booking' }).first();
  return row ? channelOf(row) : null;
}

export async function activeChannels(db: Db): Promise<ChannelConfig[]> {
  const rows = await db('module_config').where({ kind: 'online-booking', isActive: true }).orderBy('id');
  return rows.map(channelOf);
}

export async function mappingsOf(db: Db, moduleId: number): Promise<Mapping[]> {
  return db('channel_mapping')
    .where('moduleId', moduleId)
    .orderBy('id')
    .select(
      'id',
      'kind',
      'externalCode',
      'externalLabel',
      'placeTypeId',
      'placeId',
      'priceGridId',
      'ageCategoryId',
      'channelAge',
      'maxAge',
      'extraId',
      'feedUrl',
    );
}
