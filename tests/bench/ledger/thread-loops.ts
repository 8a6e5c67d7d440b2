// The ledger bench's single-thread loops on worker threads (../ledger.bench.ts): what a
// second core adds on this machine, the floor of the verification's ratio to the loop.
import { Worker } from 'node:worker_threads';

/** Throughput of `threads` worker threads each looping over `rows` at once (the product's check), checks/s. */
async function loopOnThreads(rows: object[], pem: string | Buffer, threads: number): Promise<number> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { hash } = require('node:crypto');
    import(workerData.checks).then(({ signatureCheck }) => {
      const check = signatureCheck(workerData.pem);
      let ok = 0;
      for (const r of workerData.rows) {
        const h = hash('sha256', r.prevHash + r.body, 'hex');
        if (h === r.hash && check(Buffer.from(r.hash), Buffer.from(r.signature, 'base64'))) ok++;
      }
      parentPort.postMessage(ok);
    });`;
  const checks = new URL('../../../api/domain/ledger/ed25519.mjs', import.meta.url).href;
  const workers = Array.from(
    { length: threads },
    () => new Worker(code, { eval: true, workerData: { rows, pem, checks } }),
  );
  const t = performance.now();
  await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
  const ms = performance.now() - t;
  await Promise.all(workers.map((w) => w.terminate()));
  return (threads * rows.length) / (ms / 1000);
}

/** Two threads' throughput ÷ one thread's (medians of 3, interleaved): what a second core adds here. */
export async function threadScaling(rows: object[], pem: string | Buffer): Promise<number> {
  const one: number[] = [],
    two: number[] = [];
  for (let i = 0; i < 3; i++) {
    one.push(await loopOnThreads(rows, pem, 1));
    two.push(await loopOnThreads(rows, pem, 2));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
  return med(two) / med(one);
}
