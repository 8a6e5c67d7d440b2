// What went to a third party stays: an insurance declaration sent to the insurer and a
// claim sent to the CAF are the campsite's record of what they were told, so a demo
// reset (/init-demo) is refused while one exists, like bills and tickets.
import { registerProtectedData } from '../establishment/demo-reset';

export function registerSentDeclarations(): void {
  registerProtectedData(async (knex) =>
    (await knex('insurance_declaration').whereNotNull('sentAt').first('id'))
      ? "déclarations envoyées à l'assureur"
      : null,
  );
  registerProtectedData(async (knex) => ((await knex('vacaf_claim').first('id')) ? 'demandes VACAF à la CAF' : null));
}
