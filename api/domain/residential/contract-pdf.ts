// The residential contract as a PDF (pdfmake, like the bills): the parties, the plot,
// the mobile home, duration and renewal, the yearly fee and its revision, charges and
// meters, tourist tax, visitor fees, authorised occupants, sublets, end of contract —
// what rules-fr §8 (docs/residential.md) lists — then the information notice and its signed receipt.
import type { Knex } from 'knex';
import { formatDateFr } from '../../../common/dates';
import { countFr } from '../../../common/french';
import { formatEuros } from '../pricing/money';
import { pdfmake } from '../../pdf/printer';
import { sellerSnapshot, type SellerSnapshot } from '../billing/parties';
import { notFound } from '../../http/errors';
import { yearlyFeeAt } from './lines';
import type {
  CustomerRecord,
  PlaceAffectationRecord,
  PlaceRecord,
  ResidentialContractRecord,
} from '../../../common/generated/types/index';

const d = (x: string | null | undefined) => (x ? formatDateFr(x) : '—');
const REVISION: Record<string, string> = {
  fixed: 'le prix du type de parcelle de l’année',
  rate: 'un taux annuel de',
  index: 'l’indice',
};
const RENEWAL: Record<string, string> = {
  tacit: 'Il se renouvelle par tacite reconduction, sauf congé donné par l’une des parties trois mois avant son terme.',
  express: 'Il se renouvelle par un nouvel accord écrit des parties avant son terme.',
  none: 'Il prend fin à son terme sans renouvellement.',
};
const TAX: Record<string, string> = { none: 'non facturée', flat: 'forfait annuel', 'per-night': 'au réel' };
const END: Record<string, string> = {
  none: '',
  term: 'Le contrat est arrivé à son terme',
  removal: 'Le mobil-home a été enlevé de la parcelle',
  sale: 'Le mobil-home a été vendu sur place',
  termination: 'Le contrat a été résilié',
};

/** What the contract prints: the contract, its place let, the resident and the seller. */
export interface ContractData {
  contract: ResidentialContractRecord;
  aff: PlaceAffectationRecord;
  place: Pick<PlaceRecord, 'code' | 'label' | 'surface'>;
  customer: CustomerRecord;
  /** The short label of the customer's civility (« M. », « Mme »), null when it has none. */
  civility: string | null;
  parcel: { label: string } | null;
  meters: { number: string; label: string; unit: string }[];
  fee: number | null;
  seller: SellerSnapshot;
}

export async function contractData(db: Knex, id: number): Promise<ContractData> {
  const c = await db<ResidentialContractRecord>('residential_contract').where('id', id).first();
  if (!c) throw notFound();
  const aff: PlaceAffectationRecord = await db('place_affectation').where('id', c.placeAffectationId).first();
  const place = await db('place').where('id', aff.placeId).first('code', 'label', 'surface');
  const customer = await db('customer').where('id', aff.customerId).first();
  const civility = customer?.civilityId
    ? ((await db('civility').where('id', customer.civilityId).first('shortLabel'))?.shortLabel ?? null)
    : null;
  const parcel = aff.parcelTypeId ? await db('parcel_type').where('id', aff.parcelTypeId).first('label') : null;
  const meters: ContractData['meters'] = await db('meter as m')
    .join('meter_type as t', 't.id', 'm.meterTypeId')
    .where({ 'm.placeId': aff.placeId, 'm.isActive': true })
    .select('m.number', 't.label', 't.unit');
  let fee: number | null = null;
  try {
    fee = await yearlyFeeAt(db, aff, c.startDate);
  } catch {
    fee = null;
  }
  return { contract: c, aff, place, customer, civility, parcel, meters, fee, seller: await sellerSnapshot(db) };
}

/** « Mme Claire Martin »: the civility only before a person's name, not alone before a company's. */
const name = (c: Pick<CustomerRecord, 'firstName' | 'lastName' | 'companyName'>, civility: string | null) =>
  c.firstName || c.lastName ? [civility, c.firstName, c.lastName].filter(Boolean).join(' ') : c.companyName || '';

export function contractDocument(x: ContractData): object {
  const { contract: c, aff, place, customer, civility, parcel, meters, fee, seller } = x;
  const revision =
    aff.revisionRule === 'rate'
      ? `${REVISION.rate} ${(aff.revisionRateBp / 100).toLocaleString('fr-FR')} %`
      : aff.revisionRule === 'index'
        ? `${REVISION.index} ${aff.revisionIndex ?? ''} (trimestre de référence ${aff.referenceQuarter ?? '—'})`
        : REVISION.fixed;
  const h = (t: string) => ({ text: t, bold: true, margin: [0, 10, 0, 3] });
  return {
    info: { title: `Contrat ${c.number}`, creator: 'Bivouac', producer: 'Bivouac' },
    pageSize: 'A4',
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    content: [
      { text: seller.corporateName || seller.name || '', bold: true },
      seller.siren ? `SIREN ${seller.siren}` : '',
      {
        text: `Contrat de location d’emplacement résidentiel n° ${c.number}`,
        fontSize: 14,
        bold: true,
        margin: [0, 10],
      },
      'Location de chose (articles 1709 et suivants du Code civil) : ni bail d’habitation ni bail commercial. ' +
        'L’emplacement ne peut constituer la résidence principale ni le domicile du locataire.',
      h('Les parties'),
      `Le loueur : ${seller.corporateName || seller.name || ''}`,
      `Le locataire : ${name(customer, civility)}${customer.address1 ? ', ' + customer.address1 : ''}` +
        `${customer.postalCode ? ', ' + customer.postalCode : ''} ${customer.town ?? ''}`,
      h('L’emplacement et le mobil-home'),
      `Emplacement ${place.code}${place.label ? ' « ' + place.label + ' »' : ''}` +
        `${parcel ? ', ' + parcel.label : ''}${place.surface ? `, ${place.surface} m²` : ''}.`,
      `Mobil-home : ${[aff.mobileHomeMake, aff.mobileHomeModel].filter(Boolean).join(' ') || '—'}, ` +
        `année ${aff.mobileHomeYear ?? '—'}, n° ${aff.mobileHomeSerial ?? '—'}` +
        (aff.mobileHomeLength ? `, ${aff.mobileHomeLength} × ${aff.mobileHomeWidth ?? '—'} cm.` : '.'),
      h('Durée et renouvellement'),
      `Du ${d(c.startDate)} ` + (c.isIndefinite ? 'pour une durée indéterminée.' : `au ${d(c.endDate)} (exclu).`),
      RENEWAL[c.renewal] ?? '',
      h('Redevance et révision'),
      `Redevance annuelle : ${fee == null ? 'selon les tarifs en vigueur' : formatEuros(fee)}, payable en ` +
        `${countFr(aff.deadlines, 'échéance')} par an. Révision annuelle selon ${revision}.`,
      h('Charges, compteurs, taxe de séjour et visiteurs'),
      'Eau, électricité et entretien : refacturés selon les relevés des compteurs individuels au tarif en vigueur.',
      ...(meters.length
        ? meters.map((m) => `• ${m.label} : compteur n° ${m.number} (${m.unit})`)
        : ['Aucun compteur.']),
      `Taxe de séjour : ${TAX[aff.touristTaxMode as string] ?? ''}` +
        (aff.touristTaxMode === 'flat' ? ` de ${formatEuros(aff.touristTaxFlat)}.` : '.'),
      `Redevance visiteur : ${formatEuros(aff.visitorFee)} par nuit.`,
      h('Occupants autorisés'),
      `${countFr(aff.maxOccupants, 'personne')} au plus.${aff.occupants ? ' ' + aff.occupants : ''}`,
      h('Sous-location'),
      'Le locataire peut sous-louer son mobil-home après déclaration au loueur, soit par lui-même (redevance ' +
        'visiteur et taxe de séjour dues), soit par l’intermédiaire du camping, qui perçoit une commission et ' +
        'reverse le solde sur la quittance suivante.',
      h('Fin du contrat'),
      'En fin de contrat, le locataire enlève son mobil-home ou le vend sur place avec l’accord du loueur.',
      c.endReason !== 'none'
        ? `${END[c.endReason]} le ${d(c.endedOn)}${c.buyerName ? ` (acquéreur : ${c.buyerName})` : ''}.`
        : '',
      h('Notice d’information'),
      `Notice d’information remise le ${d(c.noticeGivenOn)} ; récépissé signé le ${d(c.noticeReceiptDate)}.`,
      `Contrat signé le ${d(c.signedOn)}.`,
      {
        columns: ['Le loueur', 'Le locataire (lu et approuvé)'],
        margin: [0, 30, 0, 0],
      },
    ],
  };
}

export async function renderContractPdf(db: Knex, id: number): Promise<{ data: Buffer; number: string }> {
  const x = await contractData(db, id);
  const data = Buffer.from(await pdfmake().createPdf(contractDocument(x)).getBuffer());
  return { data, number: x.contract.number };
}
