// Reference data screens in Chromium: list, create, edit and delete through the
// generated screens; French validation messages; the 404 page.
import { describe, expect, it } from 'vitest';
import { baseUrl, searchList, withLoggedInPage, type TestPage } from './browser';

let page: TestPage;

withLoggedInPage((p) => (page = p));

async function saveAndBackToList(listPath: string) {
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.waitForURL((u) => u.pathname === listPath);
}

const search = (text: string) => searchList(page, text);

interface Case {
  entity: string;
  list: string;
  heading: string;
  create: Record<string, string>;
  name: string;
  renameField: string;
  renamed: string;
}

const CASES: Case[] = [
  {
    entity: 'country',
    list: '/country-list',
    heading: 'Pays',
    create: { isoCode: 'PT', name: 'Portugal', nationality: 'Portugaise' },
    name: 'Portugal',
    renameField: 'name',
    renamed: 'Portugal continental',
  },
  {
    entity: 'civility',
    list: '/civility-list',
    heading: 'Civilités',
    create: { shortLabel: 'Dr', label: 'Docteur' },
    name: 'Docteur',
    renameField: 'label',
    renamed: 'Docteure ou docteur',
  },
  {
    entity: 'language',
    list: '/language-list',
    heading: 'Langues',
    create: { code: 'pt', name: 'Portugais' },
    name: 'Portugais',
    renameField: 'name',
    renamed: 'Portugais (Brésil)',
  },
];

describe.each(CASES.map((c) => [c.entity, c] as const))('%s screens', (_e, c) => {
  it('lists, creates, edits and deletes', async () => {
    await page.goto(`${baseUrl()}${c.list}`);
    await page.locator('.RaDatagrid-table').waitFor();
    await page.getByRole('link', { name: /Nouveau|Nouvelle/ }).click();
    await page.waitForURL((u) => u.pathname === `/${c.entity}/0`);
    for (const [field, value] of Object.entries(c.create)) await page.fill(`input[name="${field}"]`, value);
    await saveAndBackToList(c.list);
    await search(c.name.slice(0, 6));
    await page.getByRole('cell', { name: c.name, exact: true }).click();
    await page.waitForURL((u) => /^\/[a-z-]+\/\d+$/.test(u.pathname) && u.pathname !== `/${c.entity}/0`);
    await page.fill(`input[name="${c.renameField}"]`, c.renamed);
    await saveAndBackToList(c.list);
    await search(c.renamed.slice(0, 6));
    await page.getByRole('cell', { name: c.renamed, exact: true }).click();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Confirmer|Supprimer/ })
      .click();
    await page.waitForURL((u) => u.pathname === c.list);
    await search(c.renamed.slice(0, 6));
    await expect(page.getByRole('cell', { name: c.renamed, exact: true }).count()).resolves.toBe(0);
    expect(page.errors).toEqual([]);
  });
});

describe('validation and errors', () => {
  it('shows French validation messages before saving', async () => {
    await page.goto(`${baseUrl()}/country/0`);
    await page.fill('input[name="isoCode"]', 'p1');
    await page.fill('input[name="name"]', 'x');
    await page.fill('input[name="name"]', '');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Format invalide').first().waitFor();
    await page.getByText('Champ obligatoire').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/country/0');
  });

  it('shows the server message for a duplicate', async () => {
    await page.goto(`${baseUrl()}/country/0`);
    await page.fill('input[name="isoCode"]', 'FR');
    await page.fill('input[name="name"]', 'France bis');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Valeur déjà attribuée').first().waitFor()).resolves.toBeUndefined();
  });

  it('answers unknown routes with the 404 page', async () => {
    await page.goto(`${baseUrl()}/cette-page-nexiste-pas`);
    await expect(page.getByText('Page non trouvée').waitFor()).resolves.toBeUndefined();
    await page.getByText("Cette page n'existe pas.").waitFor();
  });

  it('answers an address under an entity name that is no screen with the 404 page (once blank)', async () => {
    await page.goto(`${baseUrl()}/place/1`);
    await page.getByText('Page non trouvée').waitFor();
  });

  it('takes a record that does not exist back to its list, saying so (once a blank page)', async () => {
    await page.goto(`${baseUrl()}/place/general/999999`);
    await page.waitForURL(/\/place-list$/);
    await page.getByText("L'élément n'existe pas").waitFor();
  });

  it('says at once that a till does not exist (a 404 is not retried)', async () => {
    await page.goto(`${baseUrl()}/sale-cash-register/999999`);
    await page.getByText('Élément introuvable').waitFor();
  });
});

describe('unsaved changes', () => {
  it('asks before leaving a form with unsaved changes, and stays when refused', async () => {
    await page.goto(`${baseUrl()}/country-list`);
    await search('Suisse');
    await page.getByRole('cell', { name: 'CH', exact: true }).click();
    await page.waitForURL((u) => /^\/country\/\d+$/.test(u.pathname));
    const editUrl = page.url();
    await page.fill('input[name="nationality"]', 'Suisse (modifiée)');
    const messages: string[] = [];
    page.once('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toMatch(/changements n'ont pas été enregistrés/i);
    expect(page.url()).toBe(editUrl);
    await expect.poll(() => page.inputValue('input[name="nationality"]')).toBe('Suisse (modifiée)');
  });
});
