// Module configuration records (§2 (docs/screens.md#admin) Admin): one per kind of the catalogue seeded,
// settings checked against their kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { MODULE_KINDS, settingsErrors } from '../../common/modules';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/rest/establishment/module';

describe('modules', () => {
  it('the catalogue has every grid, edit and screen route of §2 Admin', () => {
    const routes = MODULE_KINDS.flatMap((k) => [k.route, k.editRoute].filter(Boolean));
    for (const kind of [
      'accounting',
      'insurance',
      'emailing',
      'satisfaction-survey',
      'access-control',
      'statistics',
      'yield-management',
      'doc-editor',
      'gift',
      'online-booking',
      'concierge-service',
      'surety',
      'cleanning',
    ]) {
      expect(routes).toContain(`/admin/module/${kind}-grid`);
    }
    for (const r of [
      'insurance/:insuranceId',
      'emailing/:emailingId',
      'satisfaction-survey/:satisfactionSurveyId',
      'access-control/:accessControlId',
      'statistics/:statisticsId',
      'yield-management/:yieldManagementId',
      'doc-editor/:docEditorId',
      'gift/:giftId',
      'online-booking/:onlineBookingId',
      'concierge-service/:conciergeServiceId',
      'surety/:suretyId',
      'cleanning/:cleanningId',
      'police-note-book',
      'check-in',
      'planning',
      'plan',
      'vacaf',
      'quotation',
      'statistics-intern',
      'preference-tax-statement',
      'preference-tva-statement',
      'preference-group-grid',
      'preference-group/:providerId',
      'residential-preference',
    ]) {
      expect(routes).toContain(`/admin/module/${r}`);
    }
    // Removed (issue 30, docs/history.md#issue-30): outside channels without an API, whose settings nothing could read.
    for (const r of ['clicamp', 'easycamp', 'todocamp']) expect(routes).not.toContain(`/admin/module/${r}`);
  });

  it('are seeded, one inactive record per kind with its default settings', async () => {
    const r = await t.admin.get(`${BASE}?range=[0,99]`);
    expect(r.body.map((m: any) => m.kind).sort()).toEqual(MODULE_KINDS.map((k) => k.kind).sort());
    expect(r.body.every((m: any) => m.isActive === false)).toBe(true);
    expect(r.body.find((m: any) => m.kind === 'surety').settings).toEqual({
      calcul: 1,
      nbdaySurety: 10,
      nbdaySuretyReminder: 5,
    });
  });

  it('refuse unknown settings, wrong types and values out of range', async () => {
    const bad = await t.admin.post(BASE, {
      kind: 'surety',
      label: 'Swikly',
      provider: 'Swikly',
      settings: { calcul: 4, nbdaySurety: -1, secret: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'settings.calcul': 'Valeur non autorisée',
      'settings.nbdaySurety': 'La valeur doit être au moins 0',
      'settings.secret': 'Paramètre inconnu pour ce module',
    });
    const ok = await t.admin.post(BASE, {
      kind: 'surety',
      label: 'Swikly',
      provider: 'Swikly',
      isActive: true,
      settings: { calcul: 3, nbdaySurety: 12, apiLogin: 'camping' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await t.admin.get(`${BASE}/active`)).body.map((m: any) => m.id)).toContain(ok.body.id);
    expect(settingsErrors('online-booking', { apiUrl: 'ftp://x' })).toEqual({
      'settings.apiUrl': 'Adresse web invalide',
    });
    expect(settingsErrors('emailing', { senderEmail: 'pas-un-mail' })).toEqual({
      'settings.senderEmail': 'E-mail invalide',
    });
  });
});
