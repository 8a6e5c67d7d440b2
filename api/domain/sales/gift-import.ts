// Gift vouchers sold on an outside shop: imported from the shop's CSV export into
// sale_gift_import (one row per shop reference, a reference imported twice is skipped),
// mapped to a Bivouac gift article (by a previous import of the same shop article, an
// article of the same label, or the gift module's « Article bon cadeau »), then
// integrated: a voucher is created with the shop's amount and the article's validity
// (« Article bon cadeau non paramétré » while the row has no article). The home tile
// « Bons cadeaux à intégrer » counts the rows left.
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../http/errors';
import { formatMessage } from '../../../common/messages';
import { parseEurosToCents } from '../../../common/money';
import { registerTile, TILE_SLOTS } from '../home/tiles';
import { createVoucher } from './gifts';
import { moduleSettings, textSetting } from '../establishment/module-settings';

import type { ArticleRecord, SaleGiftImport, SaleGiftImportRecord } from '../../../common/generated/types';

/** A line of the shop's CSV, as sale_gift_import takes it. */
export type GiftCsvRow = Pick<
  SaleGiftImport,
  'externalCode' | 'shopArticle' | 'amount' | 'soldOn' | 'buyerName' | 'beneficiary'
>;

function parseDate(text: string): string | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : null;
}

/** Lines of `référence;article;montant;date;acheteur;bénéficiaire` (header optional, `;` or `,`). */
export function parseGiftCsv(csv: string): { rows: GiftCsvRow[]; errors: string[] } {
  const lines = csv
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const sep = lines[0]?.includes(';') ? ';' : ',';
  const rows: GiftCsvRow[] = [];
  const errors: string[] = [];
  lines.forEach((line, i) => {
    const cells = line.split(sep).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (i === 0 && !parseEurosToCents(cells[2] ?? '')) return; // header
    const [externalCode, shopArticle, amountText, dateText, buyerName, beneficiary] = cells;
    const amount = parseEurosToCents(amountText ?? '');
    const soldOn = parseDate(dateText ?? '');
    if (!externalCode || !shopArticle || amount == null || amount < 0 || !soldOn) {
      errors.push(`Ligne ${i + 1} illisible`);
      return;
    }
    rows.push({
      externalCode: externalCode.slice(0, 60),
      shopArticle: shopArticle.slice(0, 120),
      amount,
      soldOn,
      buyerName: buyerName?.slice(0, 120) || null,
      beneficiary: beneficiary?.slice(0, 120) || null,
    });
  });
  return { rows, errors };
}

export async function importGiftCsv(
  knex: Knex,
  csv: string,
): Promise<{ imported: number; skipped: number; errors: string[] }> {
  const { rows, errors } = parseGiftCsv(csv);
  // The gift module's « Article bon cadeau » (articleCode): the article a shop's voucher
  // becomes when neither an earlier import nor a label names one.
  const code = textSetting((await moduleSettings(knex, 'gift')).articleCode);
  return knex.transaction(async (trx) => {
    const fallback = code
      ? await trx('article').whereNot('giftType', 'none').whereRaw('lower(code) = lower(?)', [code]).first('id')
      : null;
    let imported = 0;
    for (const r of rows) {
      const known = await trx('sale_gift_import')
        .where('shopArticle', r.shopArticle)
        .whereNotNull('articleId')
        .orderBy('id', 'desc')
        .first('articleId');
      const byLabel = known
        ? null
        : await trx('article')
            .whereNot('giftType', 'none')
            .whereRaw('lower(label) = lower(?)', [r.shopArticle])
            .first('id');
      const ins = await trx('sale_gift_import')
        .insert({ ...r, articleId: known?.articleId ?? byLabel?.id ?? fallback?.id ?? null })
        .onConflict('externalCode')
        .ignore()
        .returning('id');
      imported += ins.length;
    }
    return { imported, skipped: rows.length - imported, errors };
  });
}

export async function integrateGiftImport(knex: Knex, id: number): Promise<SaleGiftImportRecord> {
  return knex.transaction(async (trx) => {
    const r: SaleGiftImportRecord | undefined = await trx('sale_gift_import').where('id', id).forUpdate().first('*');
    if (!r) throw notFound();
    if (r.giftVoucherId) return r;
    const a: Pick<ArticleRecord, 'id' | 'giftType' | 'giftValidityMonths'> | null | undefined = r.articleId
      ? await trx('article').where('id', r.articleId).first('id', 'giftType', 'giftValidityMonths')
      : null;
    if (!a || a.giftType === 'none')
      throw badRequest('GIFT_ARTICLE_NOT_MAPPED', { articleId: formatMessage('GIFT_ARTICLE_NOT_MAPPED') });
    const voucherId = await createVoucher(trx, {
      giftType: a.giftType,
      articleId: a.id,
      value: r.amount,
      validityMonths: a.giftValidityMonths,
      saleId: null,
      origin: 'import',
      beneficiary: r.beneficiary ?? r.buyerName,
      issuedOn: r.soldOn,
    });
    await trx('sale_gift_import').where('id', id).update({ giftVoucherId: voucherId });
    return { ...r, giftVoucherId: voucherId };
  });
}

export function registerGiftImportTile(): void {
  registerTile({
    ...TILE_SLOTS.giftVouchers,
    functionality: 'sale.sale',
    route: '/sale-gift-import-list',
    requires: ['sale-gift-import'],
    count: async (knex) => Number((await knex('sale_gift_import').whereNull('giftVoucherId').count({ n: '*' }))[0].n),
  });
}
