// The baseline of the PDF benchmarks: bare pdfmake on a thread of its own (its own copy
// of the modules, so none of the server's font cache), rendering the bill documents it is
// sent one after the other, as an application that calls pdfmake as documented would.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();
const require = createRequire(import.meta.url);
const { billDocument } = await import('../../api/domain/billing/pdf.ts');
const pdfmake = require('pdfmake');
pdfmake.setFonts(require('pdfmake/fonts/Roboto'));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => p.includes('pdfmake'));

parentPort.on('message', async ({ bills }) => {
  const t = performance.now();
  for (const bill of bills) await pdfmake.createPdf(billDocument(bill)).getBuffer();
  parentPort.postMessage({ ms: performance.now() - t });
});
parentPort.postMessage({ ready: true });
