// npm run guide: regenerates the user guide's screenshots (docs/guide/images) from the
// real screens over a fresh demo campsite, in Chromium. `npm run guide -- reservation`
// takes only the shots whose file starts with « reservation ». Takes a few minutes
// (admin build and demo seeding), so it is a script, not part of `npm test`;
// `--url=http://localhost:8080 --password=…` shoots a server already running the demo.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startDemoServer } from '../tests/demo-server';
import { SHOT_VIEWPORT, takeGuideShots } from './guide/shots';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const PASSWORD = 'guide-screenshots';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

async function main() {
  const t0 = Date.now();
  const url = option('url');
  const server = url
    ? { base: url.replace(/\/$/, ''), password: option('password') ?? '', close: async () => {} }
    : { ...(await startDemoServer('guide', PASSWORD)), password: PASSWORD };
  console.log(`démonstration prête en ${Math.round((Date.now() - t0) / 1000)} s (${server.base})`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: SHOT_VIEWPORT, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    await page.goto(`${server.base}/login`);
    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', server.password);
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const files = await takeGuideShots(
      page,
      server.base,
      join(REPO, 'docs/guide/images'),
      process.argv.slice(2).filter((a) => !a.startsWith('--')),
    );
    for (const f of files) console.log(`  ${f.slice(REPO.length)}`);
    console.log(`${files.length} captures d'écran en ${Math.round((Date.now() - t0) / 1000)} s`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
