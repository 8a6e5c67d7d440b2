// npm test: unit, integration and browser tests. Browser tests need Debian's
// Chromium: installed with apt-get when missing and we are root, otherwise we
// stop with the command to run. Never skipped silently.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium absent : installation avec apt-get…');
    let r = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
    if (r.status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit' });
      r = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
    }
    if (r.status !== 0 || !existsSync(chromium)) {
      console.error("Échec de l'installation de Chromium (apt-get install -y chromium).");
      process.exit(1);
    }
  } else {
    console.error(
      `Chromium est introuvable (${chromium}) : les tests navigateur ne peuvent pas tourner.\nInstallez-le avec ` +
        `: sudo apt-get install -y chromium\n(ou indiquez son chemin dans CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
}

/** Debian packages the tests need: installed with apt-get when missing and we are root, else we stop. */
function ensurePackages(what, missing, packages) {
  if (!missing()) return;
  if (process.getuid?.() === 0) {
    console.log(`Introuvable : ${what}. Installation de ${packages.join(' ')} avec apt-get…`);
    let r = spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit' });
    if (r.status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit' });
      r = spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit' });
    }
    if (r.status !== 0 || missing()) {
      console.error(`Échec de l'installation de ${what} (apt-get install -y ${packages.join(' ')}).`);
      process.exit(1);
    }
  } else {
    console.error(`Introuvable : ${what}.\nInstallez avec : sudo apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
}
const absent = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0;

// The bill tests read their PDFs' text and attachments with pdftotext and pdfdetach.
ensurePackages(
  'pdftotext ou pdfdetach (lecture des PDF des factures)',
  () => absent('pdftotext') || absent('pdfdetach'),
  ['poppler-utils'],
);
// The e-invoices are checked by the official XSDs (xmllint) and schematrons (Saxon-HE),
// ../shared/validators/e-invoicing/ (tests/int/einvoice-standards.test.ts).
const saxon = process.env.SAXON || '/usr/share/java/Saxon-HE.jar';
ensurePackages(
  'xmllint ou Saxon-HE (validation des factures électroniques)',
  () => absent('xmllint') || absent('java') || !existsSync(saxon),
  ['libxml2-utils', 'libsaxonhe-java'],
);

const vitest = (args) =>
  spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)), 'run', ...args],
    { cwd: root, stdio: 'inherit' },
  ).status ?? 1;

const args = process.argv.slice(2);
if (args.length) process.exit(vitest(args));
// The whole suite in two runs. Unit and integration tests first, at least two files at
// a time: an integration file waits on PostgreSQL much of its time, and vitest's default
// on a 2-core machine is one file at a time. Then the browser tests on their own, so
// that no integration file loads the machine while a browser test waits on a screen.
const workers = Math.max(2, availableParallelism() - 1);
const server = vitest(['--project', 'unit', '--project', 'int', `--maxWorkers=${workers}`]);
const browser = vitest(['--project', 'e2e']);
process.exit(server || browser);
