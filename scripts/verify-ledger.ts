// npm run verify-ledger [--all-signatures] [--chain jet]: recomputes the inalterable
// ledger of the configured database (DATA_DIR's embedded one or DATABASE_URL) and prints
// every break; exit code 1 when the chain is broken. A failed verification is itself
// recorded in the technical event journal.
import { openConfigured } from '../api/backup/cli';
import { verifyLedger } from '../api/domain/ledger/verify';
import { recordTechnicalEvent } from '../api/domain/ledger/jet';
import { ed25519Backend } from '../api/domain/ledger/ed25519.mjs';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // the default: every signature up to ALL_SIGNATURES_UP_TO entries, sampled beyond
  const allSignatures = argv.includes('--all-signatures')
    ? true
    : argv.includes('--sample-signatures')
      ? false
      : undefined;
  const chain = argv.includes('--chain') && argv[argv.indexOf('--chain') + 1] === 'jet' ? 'jet' : 'fiscal';
  const target = await openConfigured();
  try {
    const r = await verifyLedger(target.db.knex, { chain, allSignatures });
    console.log(
      `Journal ${chain === 'jet' ? 'des événements techniques' : 'fiscal'} : ${r.count} écriture(s)` +
        `${r.count ? ` (n° ${r.first} à ${r.last})` : ''}, ${r.signaturesChecked} signature(s) vérifiée(s) ` +
        `(${ed25519Backend}), ` +
        `${(r.ms / 1000).toFixed(2)} s`,
    );
    if (r.status === 'ok') {
      console.log('Intègre : aucune rupture.');
      return 0;
    }
    for (const b of r.breaks) console.log(`  n° ${b.seq} [${b.kind}] ${b.reason}`);
    console.log(`ROMPU : ${r.breaks.length} rupture(s).`);
    await recordTechnicalEvent(target.db.knex, 'verify-failed', {
      chain,
      breaks: r.breaks.length,
      firstSeq: r.breaks[0]?.seq ?? 0,
    }).catch(() => undefined);
    return 1;
  } finally {
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`Vérification impossible : ${(e as Error).message}`);
    process.exit(2);
  },
);
