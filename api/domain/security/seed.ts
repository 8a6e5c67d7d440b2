// Rights groups every new installation starts with (bootstrap; kept by /init-demo):
// reception, cleaning, accounting and management, with the levels of §6 (docs/rights.md).
import type { Knex } from 'knex';
import { FUNCTIONALITY_KEYS } from '../../../common/functionalities';
import { flagsOf, type Level } from '../../../common/rights';

type Grant = [string, Level, boolean?];

const GROUPS: { label: string; description: string; rights: Grant[] }[] = [
  {
    label: 'Accueil',
    description: 'Réception : séjours, clients, encaissements',
    rights: [
      ['booking.booking', '111'],
      ['booking.unavailability', '011'],
      ['customer.customer', '011', true],
      ['customer.partner', '001'],
      ['customer.surety', '011'],
      ['camp.pitch', '001'],
      ['camp.plan', '001'],
      ['camp.planning', '011'],
      ['camp.meter', '011'],
      ['stay.price', '001'],
      ['stay.extra', '001'],
      ['invoice.bill', '011'],
      ['invoice.payment', '011'],
      ['sale.sale', '011'],
      ['documents.model', '001'],
      ['resident.contract', '001'],
    ],
  },
  {
    label: 'Ménage',
    description: 'Planning du ménage et état des hébergements',
    rights: [
      ['camp.planning', '001'],
      ['camp.plan', '001'],
      ['camp.pitch', '001'],
      ['booking.booking', '001'],
    ],
  },
  {
    label: 'Comptabilité',
    description: 'Factures, paiements, banque, exports comptables',
    rights: [
      ['invoice.bill', '011', true],
      ['invoice.payment', '011', true],
      ['invoice.accounting', '011', true],
      ['invoice.bank', '011', true],
      ['invoice.closures', '001', true],
      ['invoice.journal', '001', true],
      ['results.results', '001', true],
      ['stats.stats', '001', true],
      ['customer.customer', '001'],
    ],
  },
  {
    label: 'Direction',
    description: 'Tout, sauf la gestion des utilisateurs',
    rights: FUNCTIONALITY_KEYS.map((k): Grant => (k === 'establishment.users' ? [k, '001'] : [k, '111', true])),
  },
];

export async function seedSecurity(knex: Knex | Knex.Transaction): Promise<void> {
  if (await knex('rights_group').first('id')) return;
  for (const g of GROUPS) {
    const [{ id }] = await knex('rights_group')
      .insert({ label: g.label, description: g.description, isActive: true })
      .returning('id');
    await knex('group_right').insert(
      g.rights.map(([functionality, level, exp]) => ({ groupId: id, functionality, ...flagsOf(level, !!exp) })),
    );
  }
}
