// Rent receipts at scale: the multi-creation of a year's receipts (4 deadlines) for
// 500 contracts through the module's own code (one transaction per deadline, its lines
// computed from the fee, the residential fees and the readings), beside a bare SQL insert
// of the same receipts and lines; then contract PDFs rendered per second. Prints
// figures; never fails. DATABASE_URL runs it on PostgreSQL.
import { openScratchDatabase } from '../pg';
import { migrateLatest } from '../../api/db/migrate';
import { bootstrap } from '../../api/demo/bootstrap';
import { createReceipts } from '../../api/domain/residential/receipts';
import { renderContractPdf } from '../../api/domain/residential/contract-pdf';

const CONTRACTS = 500;
const PDFS = 40;
const YEAR = 2030;
const f = (n: number) => n.toFixed(1);

async function main() {
  const scratch = await openScratchDatabase('residential');
  const k = scratch.db.knex;
  await migrateLatest(k);
  await bootstrap(k, { adminPassword: 'bench-password', demo: false });
  const type = await k('place_type').where('isResidential', true).first('id');
  const customer = (await k('customer').insert({ lastName: 'Banc d’essai', address1: '1 rue' }).returning('id'))[0].id;
  const places = (
    await k('place')
      .insert(Array.from({ length: CONTRACTS }, (_, i) => ({ code: `RB${i}`, placeTypeId: type.id })))
      .returning('id')
  ).map((r: any) => r.id);
  const affs = await k('place_affectation')
    .insert(
      places.map((placeId: number, i: number) => ({
        placeId,
        customerId: customer,
        startDate: '2020-01-01',
        isIndefinite: true,
        yearlyFee: 240000 + i,
        deadlines: 4,
        revisionRule: 'rate',
        revisionRateBp: 150,
        touristTaxMode: 'flat',
        touristTaxFlat: 5000,
      })),
    )
    .returning('id');
  await k('residential_contract').insert(
    affs.map((a: any, i: number) => ({
      placeAffectationId: a.id,
      number: `CR-B-${i}`,
      startDate: '2020-01-01',
      isIndefinite: true,
    })),
  );

  let t = performance.now();
  const made = await createReceipts(k, { year: YEAR });
  const module = performance.now() - t;
  const lines = Number((await k('rent_receipt_line').count({ n: '*' }))[0].n);

  // The same rows by bare SQL: receipts of the next year copied, then their lines, in two statements.
  t = performance.now();
  await k.transaction(async (trx) => {
    await trx.raw(`INSERT INTO rent_receipt (place_affectation_id, customer_id, start_date, end_date, deadline,
        due_date, state_id, total_incl_vat)
      SELECT place_affectation_id, customer_id, start_date + interval '1 year', end_date + interval '1 year', deadline,
        due_date + interval '1 year', 3, total_incl_vat FROM rent_receipt`);
    await trx.raw(`INSERT INTO rent_receipt_line (rent_receipt_id, position, line_type, label, quantity,
        amount_incl_vat, vat_rate_bp)
      SELECT n.id, l.position, l.line_type, l.label, l.quantity, l.amount_incl_vat, l.vat_rate_bp
        FROM rent_receipt_line l JOIN rent_receipt o ON o.id = l.rent_receipt_id
        JOIN rent_receipt n ON n.place_affectation_id = o.place_affectation_id
         AND n.start_date = o.start_date + interval '1 year'`);
  });
  const bare = performance.now() - t;

  const contracts = (await k('residential_contract').orderBy('id').limit(PDFS).select('id')).map((r: any) => r.id);
  await renderContractPdf(k, contracts[0]); // fonts loaded once
  t = performance.now();
  for (const id of contracts) await renderContractPdf(k, id);
  const pdf = performance.now() - t;

  console.log(`contracts: ${CONTRACTS}, receipts made: ${made.created}, lines: ${lines}`);
  console.log(`multi-creation (module)     ${f(module)} ms   ${f((made.created / module) * 1000)} receipts/s`);
  console.log(`bare SQL insert, same rows  ${f(bare)} ms`);
  console.log(`ratio module / bare SQL     ×${f(module / bare)}`);
  console.log(`contract PDFs               ${f((PDFS / pdf) * 1000)} per second (${PDFS} rendered)`);
  await scratch.close();
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
