// The utilities in the browser (issue 30, docs/history.md#issue-30), as the technical user: the file check with
// its figures, then the V1 import — a dry run listing the refused line, the corrected
// file's dry run, and the import after confirmation.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, loginAs, newPage, pageApi, type TestPage } from './browser';
import { E2E_SYSTEM_PASSWORD } from './password';
import { SYSTEM_LOGIN } from '../../api/auth/system';

let browser: Browser;
let page: TestPage;
const tag = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await loginAs(page, SYSTEM_LOGIN, E2E_SYSTEM_PASSWORD);
});
afterAll(async () => browser?.close());

const csv = (typeLabel: string, bad: boolean) =>
  Buffer.from(
    [
      'type;id_externe;nom;prenom;code;type_emplacement;client;emplacement;date_debut;date_fin;adultes',
      `client;E2E-C-${tag};Navarro;Inès;;;;;;;`,
      `emplacement;E2E-P-${tag};;;I${tag};${typeLabel};;;;;`,
      `sejour;E2E-S-${tag};;;;;E2E-C-${tag};I${tag};10/07/2027;14/07/2027;2`,
      ...(bad ? [`sejour;E2E-S2-${tag};;;;;E2E-C-${tag};I${tag};31/06/2027;02/07/2027;2`] : []),
    ].join('\n'),
  );

describe('utilities', () => {
  it('checks the files, then imports a V1 file after a dry run', async () => {
    await page.goto(`${baseUrl()}/verif-file-page`);
    await page.getByRole('heading', { level: 1, name: 'Vérification des fichiers' }).waitFor();
    await page.getByTestId('figures').getByText('Fichiers vérifiés').waitFor();

    const types = await pageApi<{ label: string; isRental: boolean }[]>(page, 'GET', '/place-type');
    const typeLabel = types.find((t) => !t.isRental)!.label;
    await page.goto(`${baseUrl()}/import-v1`);
    const input = page.getByLabel('Fichier à importer');
    await input.setInputFiles({ name: 'export-v1.csv', mimeType: 'text/csv', buffer: csv(typeLabel, true) });
    await page.getByRole('button', { name: 'Essai à blanc' }).click();
    await page.getByText('Essai à blanc : 1 ligne serait refusée').waitFor();
    await page.getByRole('cell', { name: /date_debut « 31\/06\/2027 »/ }).waitFor();

    await input.setInputFiles({ name: 'export-v1.csv', mimeType: 'text/csv', buffer: csv(typeLabel, false) });
    await page.getByRole('button', { name: 'Essai à blanc' }).click();
    await page.getByText('Essai à blanc : aucune ligne refusée').waitFor();
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Importer ce fichier ?').waitFor();
    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    await page.getByText('Import terminé (fichier UTF-8).').waitFor();
    await page.getByTestId('figures').getByText('Séjours créés').waitFor();
  });
});
