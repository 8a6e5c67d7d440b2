// VAT rates, taxes, banks, payment methods and terms, expense types, cash registers
// and discounts. Rates in basis points, amounts in cents.
import type { Knex } from 'knex';
import { id, insertIds, type Ids } from './ids';

export interface Finance {
  tva: Ids;
}

export async function seedFinance(knex: Knex): Promise<Finance> {
  // rules-fr §2 (docs/billing.md#vat-and-invoice-mentions): 10 % for pitches and rentals of a classified camping, 20 %
  // otherwise.
  const tva = await insertIds(
    knex,
    'tva',
    [
      { label: 'TVA 20 %', rate: 2000, accountingCode: '445712', isDefault: true, isDefaultForOption: true },
      { label: 'TVA 10 % (camping)', rate: 1000, accountingCode: '445711', isDefaultForAttendant: true },
      { label: 'TVA 5,5 %', rate: 550, accountingCode: '445713' },
      { label: 'TVA 2,1 %', rate: 210, accountingCode: '445714' },
      { label: 'Exonéré (0 %)', rate: 0 },
    ],
    'rate',
  );
  const vat = (rate: number) => id(tva, String(rate));

  const taxTypes = await insertIds(
    knex,
    'tax_type',
    [
      { code: 'TS', label: 'Taxe de séjour' },
      { code: 'TAD', label: 'Taxe additionnelle départementale' },
      { code: 'TAR', label: 'Taxe additionnelle régionale' },
    ],
    'code',
  );
  await knex('tax').insert([
    {
      label: 'Taxe de séjour – camping 4★',
      taxTypeId: id(taxTypes, 'TS'),
      amount: 60,
      startDate: '2025-01-01',
      description: 'Tarif communal par personne majeure et par nuit (barème 0,20 € – 0,60 €).',
    },
    {
      label: 'Taxe additionnelle départementale (Morbihan)',
      taxTypeId: id(taxTypes, 'TAD'),
      rate: 1000,
      startDate: '2025-01-01',
      description: 'Majoration de 10 % du tarif communal (CGCT L3333-1).',
    },
  ]);

  const banks = await insertIds(
    knex,
    'bank',
    [
      { name: 'Crédit Agricole du Morbihan', code: '16006', bic: 'AGRIFRPP860' },
      { name: 'Crédit Mutuel de Bretagne', code: '15589', bic: 'CMBRFR2BARK' },
      { name: 'La Banque Postale', code: '20041', bic: 'PSSTFRPPREN' },
    ],
    'code',
  );
  const accounts = await insertIds(
    knex,
    'bank_account',
    [
      {
        label: 'Compte courant Crédit Agricole',
        bankId: id(banks, '16006'),
        iban: 'FR7616006000305607812345619',
        bic: 'AGRIFRPP860',
        accountingCode: '512100',
        isDefault: true,
      },
      {
        label: 'Compte Crédit Mutuel',
        bankId: id(banks, '15589'),
        iban: 'FR7615589297020458762514387',
        bic: 'CMBRFR2BARK',
        accountingCode: '512200',
      },
    ],
    'accountingCode',
  );
  const main = id(accounts, '512100');

  await knex('payment_method').insert([
    { order: 1, label: 'Espèces', kind: 'cash', accountingCode: '531000', isBankable: true },
    { order: 2, label: 'Chèque', kind: 'cheque', accountingCode: '511200', bankAccountId: main, isBankable: true },
    {
      order: 3,
      label: 'Carte bancaire',
      kind: 'card',
      accountingCode: '511500',
      bankAccountId: main,
      isAutoRemittance: true,
      isBankable: true,
    },
    {
      order: 4,
      label: 'Chèques-Vacances ANCV',
      kind: 'holiday-voucher',
      accountingCode: '511300',
      isBankable: true,
      isPaperVoucher: true,
    },
    {
      order: 5,
      label: 'Chèque-Vacances Connect',
      kind: 'holiday-voucher',
      accountingCode: '511300',
      bankAccountId: main,
      isAutoRemittance: true,
    },
    {
      order: 6,
      label: 'Virement',
      kind: 'none',
      accountingCode: '512100',
      bankAccountId: main,
      isAutoRemittance: true,
    },
    { order: 7, label: 'Avoir', kind: 'credit-note', accountingCode: '419100' },
    { order: 8, label: 'Bon cadeau', kind: 'gift', accountingCode: '419800' },
    { order: 9, label: 'Paiement groupé', kind: 'grouped' },
    { order: 10, label: 'Régularisation', kind: 'regulation' },
  ]);

  await knex('payment_terms').insert([
    {
      label: 'Arrhes 25 %, solde 30 jours avant l’arrivée',
      downPaymentKind: 'arrhes',
      downPaymentRate: 2500,
      balanceDaysBeforeArrival: 30,
      description:
        'Arrhes de 25 % à la réservation : perdues en cas d’annulation par le client, remboursées au double en ' +
        'cas d’annulation par le camping.',
    },
    {
      label: 'Acompte 30 %, solde à l’arrivée',
      downPaymentKind: 'acompte',
      downPaymentRate: 3000,
      balanceDaysBeforeArrival: 0,
    },
    {
      label: 'Paiement intégral à la réservation',
      downPaymentKind: 'acompte',
      downPaymentRate: 10000,
      balanceDaysBeforeArrival: 0,
    },
  ]);

  await knex('expense_type').insert([
    { label: "Produits d'entretien", accountingCode: '606300', tvaId: vat(2000) },
    { label: 'Carburant', accountingCode: '606100', tvaId: vat(2000) },
    { label: 'Petites réparations', accountingCode: '615200', tvaId: vat(2000) },
    { label: 'Alimentation boutique', accountingCode: '607000', tvaId: vat(550) },
    { label: 'Affranchissement', accountingCode: '626000', tvaId: vat(0) },
  ]);

  const registerTypes = await insertIds(
    knex,
    'cash_register_type',
    [{ label: 'Accueil' }, { label: 'Boutique' }, { label: 'Snack-bar' }],
    'label',
  );
  await knex('cash_register').insert([
    { code: 'ACC1', label: 'Caisse accueil', cashRegisterTypeId: id(registerTypes, 'Accueil') },
    { code: 'BOUT1', label: 'Caisse épicerie', cashRegisterTypeId: id(registerTypes, 'Boutique') },
    { code: 'SNK1', label: 'Caisse snack', cashRegisterTypeId: id(registerTypes, 'Snack-bar') },
  ]);

  await knex('discount').insert([
    { label: 'Fidélité 5 %', unit: 'percentage', rate: 500, tvaId: vat(1000) },
    { label: 'Comité d’entreprise 10 %', unit: 'percentage', rate: 1000, tvaId: vat(1000) },
    { label: 'Geste commercial 10 €', unit: 'currency', amount: 1000, tvaId: vat(1000) },
  ]);
  return { tva };
}
