// Demo of the till: the reception's register sells bracelets; families as the
// till's tabs and the articles a campsite desk sells every day, at their VAT rates
// (rules-fr §2 (docs/billing.md#vat-and-invoice-mentions): bread 5,5 %, take-away ice cream 10 %, gas and services 20
// %; gift vouchers outside VAT), stock delivered for the tracked ones; where some articles are
// sold (bracelets at the reception, gas at the reception and the shop); gift vouchers
// bought on the campsite's online shop: integrated ones, one spent in part, one expired,
// and two still to integrate (one whose shop article is not mapped yet). No ticket: a
// ticket is a fiscal record, and the demo must stay resettable.
import type { Knex } from 'knex';
import { addDays, todayParis } from '../../common/dates';

export async function seedSalesDemo(knex: Knex): Promise<void> {
  const vat = async (rate: number) => (await knex('tva').where('rate', rate).first('id'))?.id ?? null;
  const [v55, v10, v20] = [await vat(550), await vat(1000), await vat(2000)];
  // The registers are reference data (api/demo/reference/finance.ts); the reception's sells bracelets.
  await knex('cash_register').where('code', 'ACC1').update({ buttonsPerPage: 12, maxPages: 4, sellsBracelets: true });
  const families = await knex('article_family')
    .insert([
      { label: 'Boulangerie', color: '#a1887f', order: 1 },
      { label: 'Glaces', color: '#4fc3f7', order: 2 },
      { label: 'Épicerie et gaz', color: '#ffb74d', order: 3 },
      { label: 'Services', color: '#81c784', order: 4 },
      { label: 'Bons cadeaux', color: '#ba68c8', order: 5 },
    ])
    .returning(['id', 'label']);
  const f = (label: string) => families.find((x) => x.label === label)!.id;
  const articles = [
    {
      code: 'BAGUETTE',
      barcode: '3760001000017',
      label: 'Baguette',
      articleFamilyId: f('Boulangerie'),
      price: 130,
      tvaId: v55,
      accountingCode: '707100',
    },
    {
      code: 'CROISSANT',
      label: 'Croissant',
      articleFamilyId: f('Boulangerie'),
      price: 140,
      tvaId: v55,
      accountingCode: '707100',
    },
    {
      code: 'PAINCHOC',
      label: 'Pain au chocolat',
      articleFamilyId: f('Boulangerie'),
      price: 150,
      tvaId: v55,
      accountingCode: '707100',
    },
    {
      code: 'GLACE-CONE',
      label: 'Glace cornet',
      articleFamilyId: f('Glaces'),
      price: 250,
      tvaId: v10,
      accountingCode: '707200',
      isStockTracked: true,
      stock: 80,
    },
    {
      code: 'GLACE-BATON',
      label: 'Glace bâtonnet',
      articleFamilyId: f('Glaces'),
      price: 200,
      tvaId: v10,
      accountingCode: '707200',
      isStockTracked: true,
      stock: 60,
    },
    {
      code: 'GLACONS',
      barcode: '3760001000024',
      label: 'Sac de glaçons 2 kg',
      articleFamilyId: f('Épicerie et gaz'),
      price: 300,
      tvaId: v20,
      accountingCode: '707300',
      isStockTracked: true,
      stock: 40,
    },
    {
      code: 'GAZ-13',
      label: 'Bouteille de gaz 13 kg (recharge)',
      articleFamilyId: f('Épicerie et gaz'),
      price: 3290,
      tvaId: v20,
      accountingCode: '707300',
      isStockTracked: true,
      stock: 6,
    },
    {
      code: 'JETON-LAV',
      label: 'Jeton de lave-linge',
      articleFamilyId: f('Services'),
      price: 500,
      tvaId: v20,
      accountingCode: '706300',
    },
    {
      code: 'JETON-SECH',
      label: 'Jeton de sèche-linge',
      articleFamilyId: f('Services'),
      price: 300,
      tvaId: v20,
      accountingCode: '706300',
    },
    {
      code: 'BRACELET',
      label: 'Bracelet piscine',
      articleFamilyId: f('Services'),
      price: 200,
      tvaId: v20,
      accountingCode: '706400',
      isBracelet: true,
    },
    {
      code: 'BON-50',
      label: 'Bon cadeau 50 €',
      articleFamilyId: f('Bons cadeaux'),
      price: 5000,
      tvaId: null,
      accountingCode: '419800',
      giftType: 'value',
      giftValidityMonths: 12,
    },
    {
      code: 'BON-NUIT',
      label: 'Bon cadeau une nuit en mobil-home',
      articleFamilyId: f('Bons cadeaux'),
      price: 9000,
      tvaId: null,
      accountingCode: '419800',
      giftType: 'service',
      giftValidityMonths: 18,
    },
  ];
  const rows = await knex('article')
    .insert(articles.map((a, i) => ({ order: i, ...a })))
    .returning(['id', 'stock']);
  const delivered = rows
    .filter((r) => r.stock > 0)
    .map((r) => ({
      articleId: r.id,
      kind: 'delivery',
      quantity: r.stock,
      stockAfter: r.stock,
      notes: 'Stock initial',
    }));
  if (delivered.length) await knex('stock_movement').insert(delivered);
  await seedCommercialization(knex);
  await seedGiftVouchers(knex);
}

async function seedCommercialization(knex: Knex): Promise<void> {
  const id = async (table: string, code: string) => (await knex(table).where('code', code).first('id'))?.id ?? null;
  const [acc, shop, bracelet, gas] = [
    await id('cash_register', 'ACC1'),
    await id('cash_register', 'BOUT1'),
    await id('article', 'BRACELET'),
    await id('article', 'GAZ-13'),
  ];
  if (!acc || !shop || !bracelet || !gas) return;
  await knex('article_commercialization').insert([
    { articleId: bracelet, cashRegisterId: acc },
    { articleId: gas, cashRegisterId: acc },
    { articleId: gas, cashRegisterId: shop },
  ]);
}

async function seedGiftVouchers(knex: Knex): Promise<void> {
  const today = todayParis();
  const article = async (code: string) => (await knex('article').where('code', code).first('id'))!.id;
  const [bon50, bonNuit] = [await article('BON-50'), await article('BON-NUIT')];
  const vouchers = await knex('gift_voucher')
    .insert([
      {
        code: 'BC-DEMO-A7K2',
        giftType: 'value',
        articleId: bon50,
        initialValue: 5000,
        remainingValue: 5000,
        issuedOn: addDays(today, -40),
        validUntil: addDays(today, 325),
        beneficiary: 'Léa Moreau',
        origin: 'import',
      },
      {
        code: 'BC-DEMO-M4P9',
        giftType: 'value',
        articleId: bon50,
        initialValue: 5000,
        remainingValue: 1850,
        issuedOn: addDays(today, -120),
        validUntil: addDays(today, 245),
        beneficiary: 'Hugo Lefèvre',
        origin: 'import',
        notes: 'Utilisé en partie à l’épicerie',
      },
      {
        code: 'BC-DEMO-N3XR',
        giftType: 'service',
        articleId: bonNuit,
        initialValue: 9000,
        remainingValue: 9000,
        issuedOn: addDays(today, -30),
        validUntil: addDays(today, 510),
        beneficiary: 'Famille Garnier',
        origin: 'import',
      },
      {
        code: 'BC-DEMO-E8WQ',
        giftType: 'value',
        articleId: bon50,
        initialValue: 3000,
        remainingValue: 3000,
        issuedOn: addDays(today, -420),
        validUntil: addDays(today, -55),
        beneficiary: 'Chloé Bertin',
        origin: 'import',
        notes: 'Expiré sans avoir servi',
      },
    ])
    .returning(['id', 'code', 'initialValue', 'issuedOn', 'beneficiary']);
  const bought = (code: string) => vouchers.find((v) => v.code === code)!;
  await knex('sale_gift_import').insert([
    ...['BC-DEMO-A7K2', 'BC-DEMO-M4P9', 'BC-DEMO-E8WQ'].map((c, i) => ({
      externalCode: `SHOP-${2401 + i}`,
      shopArticle: 'Bon cadeau 50 €',
      articleId: bon50,
      amount: bought(c).initialValue,
      soldOn: bought(c).issuedOn,
      buyerName: 'Commande boutique en ligne',
      beneficiary: bought(c).beneficiary,
      giftVoucherId: bought(c).id,
    })),
    {
      externalCode: 'SHOP-2404',
      shopArticle: 'Bon cadeau une nuit en mobil-home',
      articleId: bonNuit,
      amount: 9000,
      soldOn: bought('BC-DEMO-N3XR').issuedOn,
      buyerName: 'Nathalie Garnier',
      beneficiary: 'Famille Garnier',
      giftVoucherId: bought('BC-DEMO-N3XR').id,
    },
    {
      externalCode: 'SHOP-2405',
      shopArticle: 'Bon cadeau 50 €',
      articleId: bon50,
      amount: 5000,
      soldOn: addDays(today, -3),
      buyerName: 'Marc Rousseau',
      beneficiary: 'Inès Rousseau',
      giftVoucherId: null,
    },
    {
      externalCode: 'SHOP-2406',
      shopArticle: 'Carte cadeau détente (spa)',
      articleId: null,
      amount: 4500,
      soldOn: addDays(today, -1),
      buyerName: 'Sophie Laurent',
      beneficiary: null,
      giftVoucherId: null,
    },
  ]);
}
