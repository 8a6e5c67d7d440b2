// A till ready to sell, made through the API as a manager would: one article (its VAT
// rate, created when the demo has none), a register and its open window.
import type { TestServer } from './harness';
import { postOk, unique } from './http-helpers';

export interface Till {
  register: number;
  window: number;
  article: number;
  tva: number;
}

export async function openTill(
  t: TestServer,
  article: { code: string; label: string; price: number; rateBp: number },
): Promise<Till> {
  const post = (path: string, body: unknown) => postOk(t.admin, path, body);
  const rate = `${(article.rateBp / 100).toLocaleString('fr-FR')} % `;
  const tva =
    (await t.knex('tva').where('rate', article.rateBp).first('id'))?.id ??
    (await post('/rest/tva', { label: unique(`TVA ${rate}`), rate: article.rateBp })).id;
  const family = (await post('/rest/article-family', { label: unique('Épicerie ') })).id;
  const articleId = (
    await post('/rest/article', {
      code: unique(article.code),
      label: article.label,
      articleFamilyId: family,
      price: article.price,
      tvaId: tva,
    })
  ).id;
  const type = (await post('/rest/cash-register-type', { label: unique('Accueil ') })).id;
  const register = (
    await post('/rest/cash-register', {
      label: unique('Accueil '),
      code: unique('C').slice(0, 10),
      cashRegisterTypeId: type,
    })
  ).id;
  const window = (await post('/rest/sales/window/open', { cashRegisterId: register, openingFloat: 0 })).id;
  return { register, window, article: articleId, tva };
}
