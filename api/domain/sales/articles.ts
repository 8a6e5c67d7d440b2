// An article is never deleted once sold (the ticket lines reference it: « masquez-le »,
// ARTICLE_DELETE_BLOCKED from the foreign key). When one of those sales is charged to a
// stay whose final bill has not taken it yet, §8 (docs/errors.md#messages) says so more precisely: « Article
// présent dans une vente non facturée » — the bill will still need the article.
import { badRequest } from '../../http/errors';
import { registerHooks } from '../../rest/entities';

export function registerArticleRules(): void {
  registerHooks('article', {
    async beforeDelete(existing, { trx }) {
      const unbilled = await trx('sale_line as l')
        .join('sale as s', 's.id', 'l.saleId')
        .where('l.articleId', existing.id)
        .whereExists((q) =>
          q.select(trx.raw('1')).from('sale_payment as p').whereRaw('p.sale_id = s.id').where('p.kind', 'stay'),
        )
        .whereNotExists((q) =>
          q
            .select(trx.raw('1'))
            .from('sale_stay_bill as sb')
            .join('bill as f', 'f.id', 'sb.billId')
            .whereRaw('sb.sale_id = s.id')
            .whereRaw(
              'f.total_incl_vat + coalesce((SELECT sum(c.total_incl_vat) FROM bill c WHERE c.credited_bill_id = ' +
                'f.id), 0) <> 0',
            ),
        )
        .first('s.id');
      if (unbilled) throw badRequest('ARTICLE_IN_UNBILLED_SALE');
    },
  });
}
