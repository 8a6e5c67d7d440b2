// Hand-written establishment routes (§7): the single establishment
// (GET establishment/establishment/edit; saving is the generic POST …/edit with its
// id), its logos (getLogo / setLogo,
// multipart field `uploadfile`), the page header (title, logos), the documentation
// PDF, closing a financial year, and the demo reset
// (/init-demo).
import Router from '@koa/router';
import type { Knex } from 'knex';
import { checkAccess, requireAdmin, requireSystemUser, requireUser } from '../../auth/access';
import { notFound } from '../../http/errors';
import { entityMeta } from '../../rest/entities';
import { recordHistory } from '../../rest/history';
import { formatMessage } from '../../../common/messages';
import { currentEstablishment } from './company';
import { LOGO_MAX_BYTES, checkImage, imageUpload, logoKind, logoStamps, readLogo, saveLogo, uploadedFile } from './logo';
import { APP_VERSION, userGuidePdf } from './user-guide';
import { resetDemo } from './demo-reset';
import { closeFinancialYear } from './financial-year-close';
import { parseId } from '../../rest/records';
import { cachedSettings } from '../../auth/settings';

const BASE = '/rest/establishment/establishment';

const COMPANY = 'establishment.company';

async function mustExist(knex: Knex) {
  const est = await currentEstablishment(knex);
  if (!est) throw notFound();
  return est;
}

const upload = imageUpload(LOGO_MAX_BYTES);

export function establishmentRouter(knex: () => Knex): Router {
  const r = new Router();
  const meta = () => entityMeta('establishment');

  r.get(`${BASE}/edit`, async (ctx) => {
    await checkAccess(ctx, COMPANY, 'read');
    ctx.body = await mustExist(knex());
  });

  /** What every page needs: the title (name, else short name, else "Bivouac") and logos. */
  r.get(`${BASE}/header`, async (ctx) => {
    requireUser(ctx);
    const est = await currentEstablishment(knex());
    const stamps = est ? await logoStamps(knex(), est.id) : {};
    ctx.body = {
      title: est?.name || est?.shortName || 'Bivouac',
      name: est?.name ?? null,
      shortName: est?.shortName ?? null,
      isGroupMode: !!est?.isGroupMode,
      groupName: est?.groupName ?? null,
      logo: stamps.logo ?? null,
      groupLogo: est?.isGroupMode ? stamps.group ?? null : null,
      version: APP_VERSION,
      remoteSupportUrl: (await cachedSettings(knex())).remoteSupportUrl,
    };
  });

  r.get(`${BASE}/getLogo`, async (ctx) => {
    requireUser(ctx);
    const est = await mustExist(knex());
    const logo = await readLogo(knex(), est.id, logoKind(ctx.query.kind));
    if (!logo) throw notFound();
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.set('Content-Disposition', 'inline');
    ctx.type = logo.mime;
    ctx.body = logo.data;
  });

  r.post(`${BASE}/setLogo`, async (ctx, next) => {
    await checkAccess(ctx, COMPANY, 'write');
    await next();
  }, upload, async (ctx) => {
    const { name, data } = await uploadedFile(ctx);
    const kind = logoKind((ctx.request as any).body?.kind ?? ctx.query.kind);
    const mime = checkImage(name, data);
    const est = await mustExist(knex());
    await saveLogo(knex(), est.id, kind, mime, data);
    await recordHistory(knex(), { userId: requireUser(ctx).id, entity: meta(), recordId: est.id, action: 'action', detail: kind === 'group' ? 'Logo du groupe modifié' : 'Logo modifié' });
    ctx.body = { status: 'SAVED', kind, size: data.length, mime };
  });

  r.post(`${BASE}/deleteLogo`, async (ctx) => {
    await checkAccess(ctx, COMPANY, 'write');
    const est = await mustExist(knex());
    const kind = logoKind(ctx.query.kind);
    const n = await knex()('establishment_logo').where({ establishmentId: est.id, kind }).delete();
    if (n) await recordHistory(knex(), { userId: requireUser(ctx).id, entity: meta(), recordId: est.id, action: 'action', detail: kind === 'group' ? 'Logo du groupe supprimé' : 'Logo supprimé' });
    ctx.body = { status: 'DELETED' };
  });

  /** The user guide (documentation PDF), shown in a new tab. */
  r.get(`${BASE}/document`, async (ctx) => {
    requireUser(ctx);
    const est = await currentEstablishment(knex());
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', 'inline; filename="bivouac-guide-utilisateur.pdf"');
    ctx.body = userGuidePdf(est?.name);
  });

  // The backup (GET establishment/establishment/backup) is served by api/backup/routes.ts.

  /** Closing a financial year: the technical user only (401 "only the technical user can close"). */
  r.post('/rest/financial-year/close/:id', async (ctx) => {
    const user = requireSystemUser(ctx);
    const item = await closeFinancialYear(knex(), parseId(ctx.params.id), user.id);
    ctx.body = { status: 'SAVED', message: formatMessage('FINANCIAL_YEAR_CLOSE_DONE'), item };
  });

  r.post('/rest/establishment/init-demo', async (ctx) => {
    const user = requireAdmin(ctx);
    const { truncated } = await resetDemo(knex(), user.id);
    ctx.body = { status: 'SAVED', message: formatMessage('DEMO_RESET_DONE'), tables: truncated.length };
  });

  return r;
}
