// npx tsx scripts/verify-archive.ts <bivouac-archive-….json>: checks a yearly archive
// offline — no database, no server, no key file: the manifest's signature, each file's
// SHA-256, the chain and the signatures of its entries (api/domain/ledger/archive-check.ts).
// Prints the signing key's fingerprint to compare with the one printed on the closures.
// Exit code 0 when whole, 1 when broken, 2 when the file cannot be read.
import { readFileSync } from 'node:fs';
import { checkArchive } from '../api/domain/ledger/archive-check';

const file = process.argv[2];
if (!file) {
  console.error('Usage : npx tsx scripts/verify-archive.ts <archive.json>');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch {
  console.error(`Fichier illisible : ${file}`);
  process.exit(2);
}
const r = checkArchive(text);
let fingerprint = '?';
try {
  fingerprint = JSON.parse(text).manifest.signedBy.fingerprint;
} catch {
  /* reported by checkArchive */
}
console.log(`Archive ${r.status === 'ok' ? 'intègre' : 'ALTÉRÉE'} : ${r.count} écriture(s), clé ${fingerprint}`);
for (const p of r.problems) console.log(`  - ${p}`);
process.exit(r.status === 'ok' ? 0 : 1);
