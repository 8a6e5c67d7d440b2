// Every hand-written form (issue 13 (docs/stays.md#preferences): « Every form shows field errors from a 400, never
// crashes; a test submits invalid values on every custom form »). Two walks over the
// custom forms, on demo records, that change no data:
// - text typed in every number field is refused under the field, the text is kept, and
//   nothing crashes (the form's own check);
// - the server's 400 for every field of the form (its answer replaced in the browser,
//   so that no demo record changes) is shown under the fields, and nothing crashes
//   (React error #31 once replaced a screen with « Un problème est survenu »).
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;
let forms: string[] = [];

const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
const SERVER_SAYS = 'Valeur refusée par le serveur';
/** Number fields as the forms render them (NumberInputFr, MoneyInput, RateInput, MUI numbers). */
const NUMBER_INPUTS = 'input[inputmode="decimal"]:visible:enabled, input[type="number"]:visible:enabled';
const SAVE = /^Enregistrer/;

withLoggedInPage((p) => (page = p));
beforeAll(async () => {
  // Leaving a form with refused entries: the browser's « leave the page? » is accepted.
  page.on('dialog', (d) => void d.accept());
  const first = async (base: string, f: Record<string, unknown> = {}) =>
    (await pageApi<any[]>(page, 'GET', `/${base}?filter=${filter(f)}&range=[0,0]`))[0];
  const grid = await first('price-grid');
  const period = await first('price-grid-period', { priceGridId: grid.id });
  const option = await first('price-grid-option', { priceGridId: grid.id });
  const records = {
    offer: await first('special-offer'),
    fee: await first('booking-fee'),
    lastMinute: await first('last-minute-offer'),
    place: await first('place'),
    placeType: await first('place-type'),
    partner: await first('partner'),
    customer: await first('customer'),
  };
  forms = [
    '/admin/setting',
    '/preference/booking',
    '/admin/establishment',
    `/price/grid/${grid.id}/0/0/0`,
    `/price/period/${period.id}/grid/${grid.id}/0`,
    `/price/option/${option.id}/grid/${grid.id}/0`,
    `/special-offer/${records.offer.id}`,
    '/dmds-offer/0',
    `/booking-fee/${records.fee.id}`,
    `/last-minute-offer/${records.lastMinute.id}`,
    `/place/general/${records.place.id}`,
    `/place-type/general/${records.placeType.id}`,
    `/partner/general/${records.partner.id}`,
    `/customer/general/${records.customer.id}`,
    '/admin/user/general/0',
    '/admin/group/0',
    '/admin/header-custom-name/0',
  ];
});

/** Opens a form and waits for its save button (a form still loading has none). */
async function open(path: string) {
  await page.goto(`${baseUrl()}${path}`);
  const save = page.getByRole('button', { name: SAVE }).first();
  await save.waitFor();
  await page.waitForLoadState('networkidle');
  return save;
}

async function notCrashed(path: string) {
  expect(await page.getByText('Un problème est survenu').count(), path).toBe(0);
  expect(page.errors, path).toEqual([]);
}

describe('every custom form', () => {
  it('text in every number field is refused under the field and kept, never a crash', async () => {
    let fields = 0;
    for (const path of forms) {
      const save = await open(path);
      const inputs = page.locator(NUMBER_INPUTS);
      const n = await inputs.count();
      if (n === 0) continue;
      for (let i = 0; i < n; i++) await inputs.nth(i).fill('abc');
      await save.click();
      await page
        .locator('.MuiFormHelperText-root.Mui-error')
        .first()
        .waitFor()
        .catch((e: Error) => {
          throw new Error(`${path}: ${e.message}`);
        });
      await notCrashed(path);
      for (let i = 0; i < n; i++) expect(await inputs.nth(i).inputValue(), `${path} #${i}`).toBe('abc');
      fields += n;
    }
    expect(fields).toBeGreaterThan(30);
  }, 240_000);

  it('a 400 naming every field shows under the fields, never a crash', async () => {
    for (const path of forms.filter((p) => !p.endsWith('/0'))) {
      // a stored record: its form can be sent as it is
      const save = await open(path);
      // One change the form's own checks accept, so that it has something to send: a number
      // one higher, else a free text (a name, a label) lengthened.
      const number = page.locator(NUMBER_INPUTS).first();
      if (await number.count()) {
        const n = Number((await number.inputValue()).replace(/[\s\u00a0\u202f€%]/g, '').replace(',', '.')) || 0;
        await number.fill(String(Math.floor(n) + 1));
      } else {
        const text = page
          .locator(
            'input[name$="ame"]:visible:enabled, input[name="label"]:visible:enabled, textarea[name]:visible:enabled',
          )
          .first();
        await text.fill(`${await text.inputValue()} essai`);
      }
      const names = await page
        .locator('input[name]:visible, textarea[name]:visible')
        .evaluateAll((els) => [
          ...new Set(els.map((e) => (e as HTMLInputElement).name).filter((n) => n && !n.includes('.'))),
        ]);
      // The server's refusal, as define-route answers it: a code, a message, one message per field.
      await page.route('**/rest/**', (route) =>
        route.request().method() === 'GET'
          ? route.continue()
          : route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                code: 'INVALID_DATA',
                message: 'Données invalides',
                errors: Object.fromEntries(names.map((n) => [n, SERVER_SAYS])),
              }),
            }),
      );
      try {
        await save.click();
        await page
          .locator('.MuiFormHelperText-root.Mui-error', { hasText: SERVER_SAYS })
          .first()
          .waitFor()
          .catch((e: Error) => {
            throw new Error(`${path}: ${e.message}`);
          });
        await notCrashed(path);
      } finally {
        await page.unrouteAll({ behavior: 'wait' });
      }
    }
  }, 240_000);
});
