// What one Factur-X bill costs the thread that renders it (a PDF worker; the server's
// own thread with PDF_WORKERS=0): the time to load the Factur-X module (@e-invoice-eu/core
// and what it requires), then the PDF renderers, the first bill's render, the process's
// RSS after it, and which of the library's heavy packages got loaded. One bill per process:
// run it a few times (`npm run bench -- facturx-load`), the figures are load times. CPU
// time beside wall time: on a loaded machine the wall time says more of the others' work.
import { createRequire } from 'node:module';
import { numberLines, billTotals, type LineInput } from '../../api/domain/billing/lines';
import type { PrintedBill } from '../../api/domain/billing/records';

const line = (lineType: number, label: string, amountInclVat: number, vatRateBp: number | null): LineInput => ({
  lineType,
  label,
  quantity: 1,
  unitPriceInclVat: amountInclVat,
  amountInclVat,
  vatRateBp,
  vatAmount: vatRateBp == null ? 0 : Math.round((amountInclVat * vatRateBp) / (10_000 + vatRateBp)),
  startDate: '2031-07-01',
  endDate: '2031-07-08',
});
const lines = numberLines([line(1, 'Emplacement', 21_000, 1000), line(2, 'Taxe de séjour', 924, null)]);
const bill = {
  id: 1,
  number: 'FA00001',
  date: '2031-07-10',
  kind: 'invoice',
  isDeposit: false,
  bookingId: 1,
  serviceStartDate: '2031-07-01',
  serviceEndDate: '2031-07-08',
  paymentTerms: 'Règlement à réception.',
  dueDate: '2031-07-20',
  sellerSnapshot: {
    corporateName: 'SARL Les Pins',
    name: 'Camping Les Pins',
    address1: '12 route de la Plage',
    postalCode: '40200',
    town: 'Mimizan',
    siren: '732829320',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    legalForm: 'SARL',
    capital: 5_000_000,
    rcs: 'Mont-de-Marsan',
  },
  customerSnapshot: {
    name: 'Acme',
    companyName: 'Acme SAS',
    isLegalEntity: true,
    address1: '1 rue',
    postalCode: '33000',
    town: 'Bordeaux',
    countryIso: 'FR',
    vatNumber: 'FR40303265045',
  },
  ...billTotals(lines),
  lines,
} as unknown as PrintedBill & { id: number };

const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;
/** Wall and CPU (user + system) milliseconds since `from`. */
const since = (from: { wall: number; cpu: NodeJS.CpuUsage }) => {
  const cpu = process.cpuUsage(from.cpu);
  return `${(performance.now() - from.wall).toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`;
};
const now = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
const rss0 = process.memoryUsage().rss;
let t = now();
await import('../../api/domain/billing/facturx');
const facturx = since(t);
t = now();
const { renderJob } = await import('../../api/pdf/jobs');
const renderers = since(t);
t = now();
const pdf = await renderJob({ kind: 'bill', bill });
const render = since(t);
(globalThis as { gc?: () => void }).gc?.();
const cache = Object.keys(createRequire(import.meta.url).cache);
const loaded = ['@cantoo/pdf-lib', '@e965/xlsx', 'xmlbuilder2', 'tmp-promise'].filter((p) =>
  cache.some((f) => f.includes(`/node_modules/${p}/`)),
);
console.log(`Factur-X module load: ${facturx}`);
console.log(`PDF renderers load: ${renderers}`);
console.log(
  `first Factur-X bill: ${render}, (${pdf.length} bytes, ` +
    `factur-x.xml ${pdf.includes('factur-x.xml') ? 'embedded' : 'MISSING'})`,
);
console.log(`RSS: ${mib(rss0)} before, ${mib(process.memoryUsage().rss)} after one Factur-X bill`);
console.log(`library packages loaded: ${loaded.join(', ') || 'none'}`);
