// The cancellation insurance module's settings (§2 (docs/screens.md#billing-and-finance) /admin/module/insurance-grid,
// module kind 'insurance'): contractNumber is written on every declaration, rate is the
// campsite's commission on the premiums it collects for the insurer (the declaration
// deducts it from what is paid over), mandatory ticks the insurance by default in the
// booking wizard, insurerEmail is where declarations are e-mailed.
import type { Knex } from 'knex';
import { defaultSettings } from '../../../common/modules';
import { badRequest } from '../../http/errors';
import { textSetting } from '../establishment/module-settings';

type Db = Knex | Knex.Transaction;

export interface InsuranceModule {
  id: number;
  label: string;
  provider: string | null;
  isActive: boolean;
  contractNumber: string | null;
  /** basis points of the premiums kept by the campsite */
  rate: number;
  mandatory: boolean;
  insurerEmail: string | null;
}

/** The insurance's row of module_config, its settings as stored (JSON). */
interface ModuleRow {
  id: number;
  label: string;
  provider?: string | null;
  isActive?: boolean;
  settings?: Record<string, unknown> | null;
}

function fromRow(r: ModuleRow): InsuranceModule {
  const s = { ...defaultSettings('insurance'), ...(r.settings ?? {}) } as Record<string, unknown>;
  const rate = Number(s.rate ?? 0);
  return {
    id: r.id,
    label: r.label,
    provider: r.provider ?? null,
    isActive: !!r.isActive,
    contractNumber: textSetting(s.contractNumber),
    rate: Number.isInteger(rate) && rate >= 0 && rate <= 10_000 ? rate : 0,
    mandatory: s.mandatory === true,
    insurerEmail: textSetting(s.insurerEmail),
  };
}

/** The insurance module records, active first. */
export async function insuranceModules(db: Db): Promise<InsuranceModule[]> {
  const rows = await db('module_config')
    .where('kind', 'insurance')
    .orderBy([{ column: 'isActive', order: 'desc' }, { column: 'id' }])
    .select('id', 'label', 'provider', 'isActive', 'settings');
  return rows.map(fromRow);
}

/** One active insurance module (400 INSURANCE_MODULE_REQUIRED otherwise). */
export async function insuranceModule(db: Db, id: number): Promise<InsuranceModule> {
  const m = (await insuranceModules(db)).find((x) => x.id === id && x.isActive);
  if (!m) throw badRequest('INSURANCE_MODULE_REQUIRED', { moduleId: 'Module inconnu ou inactif' });
  return m;
}

/** Whether the booking wizard ticks the insurance by default: an active module says so. */
export async function insuranceOfferedByDefault(db: Db): Promise<boolean> {
  return (await insuranceModules(db)).some((m) => m.isActive && m.mandatory);
}
