// The insurance and VACAF modules from their screens (issue 30, docs/history.md#issue-30), on the demo campsite: a
// stay taken with the cancellation insurance is declared to the insurer from
// /insurance-declaration-list (preview, then sent); the same stay gets a VACAF aid on its
// screen, is claimed from /vacaf-list with the agreement number, and the CAF's payment is
// recorded there.
import { describe, expect, it } from 'vitest';
import { baseUrl, pageApi, withLoggedInPage, type TestPage } from './browser';
import { addDays, formatDateFr, todayParis } from '../../common/dates';

let page: TestPage;
withLoggedInPage((p) => (page = p));

const filter = (f: Record<string, unknown>) => encodeURIComponent(JSON.stringify(f));
const table = (name: string) => page.locator(`[data-table="${name}"]`);
const row = (name: string, text: string | RegExp) => table(name).locator('tbody tr', { hasText: text });

async function activate(kind: string, settings: Record<string, unknown>): Promise<void> {
  const [m] = await pageApi<any[]>(page, 'GET', `/establishment/module?filter=${filter({ kind })}&range=[0,0]`);
  await pageApi(page, 'PUT', `/establishment/module/${m.id}`, { ...m, isActive: true, settings });
}

describe('insurance declaration and VACAF claim', () => {
  it(
    'declares an insured stay to the insurer, claims its aid from the CAF and records the CAF’s payment',
    { timeout: 120_000 },
    async () => {
      const tag = Date.now() % 100000;
      await page.goto(`${baseUrl()}/home`);
      await activate('insurance', {
        contractNumber: `E2E-${tag}`,
        rate: 1000,
        mandatory: false,
        insurerEmail: 'declarations@assureur.example',
      });
      await activate('vacaf', { agreementNumber: `AG-${tag}` });
      const method = `Virement CAF ${tag}`;
      await pageApi(page, 'POST', '/payment-method', { label: method, kind: 'none' });
      // A stay of two nights some weeks ahead (a day no earlier run declared, most likely), insured.
      const start = addDays(todayParis(), 20 + (tag % 60));
      const end = addDays(start, 2);
      const [customer] = await pageApi<any[]>(page, 'GET', `/customer?filter=${filter({})}&range=[0,0]`);
      const [adult] = await pageApi<any[]>(page, 'GET', `/age-category?filter=${filter({ minAge: 18 })}&range=[0,0]`);
      const free = await pageApi<any[]>(page, 'POST', '/booking/search-availability', {
        startDate: start,
        endDate: end,
        persons: 2,
      });
      const s = await pageApi<any>(page, 'POST', '/booking/create', {
        kind: 'booking',
        customerId: customer.id,
        occupancies: [
          {
            placeId: free[0].placeId,
            startDate: start,
            endDate: end,
            details: [{ ageCategoryId: adult.id, quantity: 2 }],
          },
        ],
      });
      const bookingId = s.booking.id;
      await pageApi(page, 'PUT', `/booking/${bookingId}`, { withCancellationInsurance: true });
      const code = (await pageApi<any>(page, 'GET', `/booking/${bookingId}`)).code;

      // The declaration: preview the arrivals of that day, then send.
      await page.goto(`${baseUrl()}/insurance-declaration-list`);
      await page.getByLabel('Arrivées du').fill(formatDateFr(start));
      await page.getByLabel('au (exclu)').fill(formatDateFr(addDays(start, 1)));
      await page.getByTestId('insurance-preview').click();
      await row('insurance-preview', code).waitFor();
      await page.getByTestId('insurance-send').click();
      // Stored and handed to the mail queue (without an SMTP setting the e-mail waits in the history).
      await expect
        .poll(() => page.getByRole('alert').allInnerTexts(), { timeout: 20_000 })
        .toEqual([expect.stringMatching(/^Déclaration (envoyée|enregistrée)/)]);
      await row('insurance-declaration-list', `E2E-${tag}`)
        .filter({ hasText: formatDateFr(start) })
        .waitFor();

      // The aid on the stay's screen.
      await page.goto(`${baseUrl()}/booking/${bookingId}`);
      await page.getByTestId('holiday-aid-edit').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel("N° d'allocataire CAF").fill('7654321');
      await dialog.getByLabel('Montant accordé (€)').fill('20,00');
      await dialog.getByRole('button', { name: "Enregistrer l'aide" }).click();
      await page
        .getByTestId('holiday-aid')
        .getByText(/Aide aux vacances VACAF : 20,00\s€/)
        .waitFor();

      // The claim of the stays ending that day, then the CAF's payment.
      await page.goto(`${baseUrl()}/vacaf-list`);
      await page.getByLabel('Séjours terminés du').fill(formatDateFr(end));
      await page.getByLabel('au (exclu)').fill(formatDateFr(addDays(end, 1)));
      await page.getByTestId('vacaf-preview').click();
      await row('vacaf-pending', code).waitFor();
      await page.getByTestId('vacaf-claim').click();
      const claim = row('vacaf-claims', `AG-${tag}`);
      await claim.waitFor();
      await page.getByLabel('Mode de paiement des versements de la CAF').click();
      await page.getByRole('option', { name: method }).click();
      await claim.getByRole('button', { name: 'Paiement reçu' }).click();
      await claim.getByText(`Reçu le ${formatDateFr(todayParis())}`).waitFor();
      const balance = await pageApi<any>(page, 'GET', `/booking/${bookingId}/balance`);
      expect(balance.holidayAid).toMatchObject({ amount: 2000, paid: 2000, due: 0 });
      expect(page.errors).toEqual([]);
    },
  );
});
