// What the stays browser tests set up on the shared demo server before their tests: a
// logged-in page, the adult age category, the « confort » place type (or the first one)
// and the places and customer of their own, named by the file's tag.
import type { Browser, Page } from 'playwright-core';
import { launch, loginAs, newPage, pageApi } from './browser';

export interface StayBasics {
  browser: Browser;
  page: Page & { errors: string[] };
  adult: number;
  confId: number;
}

export async function stayBasics(): Promise<StayBasics> {
  const browser = await launch();
  const page = await newPage(browser);
  await loginAs(page);
  const ages = await pageApi<any[]>(page, 'GET', '/age-category/active');
  const types = await pageApi<any[]>(page, 'GET', '/place-type?range=[0,99]');
  return {
    browser,
    page,
    adult: ages.find((a) => a.minAge === 18)?.id ?? ages[0].id,
    confId: (types.find((t) => t.code === 'CONF') ?? types[0]).id,
  };
}

/** A customer of the file's own (its name says which test made it). */
export async function testCustomer(page: Page, lastName: string): Promise<number> {
  return (await pageApi(page, 'POST', '/customer', { lastName, firstName: 'Test' })).id;
}
