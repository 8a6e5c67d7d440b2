// Hand-written (issue 30, modules « Assurance annulation » and « VACAF »):
// - insurance_declaration (+ _stay): what was declared to the insurer for a period, the
//   stays and premiums it carried; a period is declared once per insurance module
//   (exclusion constraint) and a stay once ever (unique booking). Once sent it never
//   changes nor is deleted (« insurance sent cannot be deleted », spec §8): triggers.
// - holiday_aid: the CAF aid granted on a stay (amount, the family's CAF number); frozen
//   once claimed. vacaf_claim: the claim to the CAF for a period with the agreement
//   number, one per period and module (exclusion constraint); never deleted.
// - the accounting defaults of the two third-party accounts the FEC now uses: premiums
//   collected for the insurer (467100) and the aid receivable from the CAF (411900).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE insurance_declaration (
    id serial PRIMARY KEY,
    module_id integer NOT NULL REFERENCES module_config (id) ON DELETE RESTRICT,
    start_date date NOT NULL,
    end_date date NOT NULL,
    contract_number varchar(80),
    insurer_email varchar(254),
    stay_count integer NOT NULL DEFAULT 0 CHECK (stay_count >= 0),
    total_stay_amount bigint NOT NULL DEFAULT 0,
    total_premium bigint NOT NULL DEFAULT 0,
    commission_rate_bp integer NOT NULL DEFAULT 0 CHECK (commission_rate_bp BETWEEN 0 AND 10000),
    commission bigint NOT NULL DEFAULT 0,
    file_name varchar(120) NOT NULL,
    csv text NOT NULL,
    sent_at timestamptz,
    sent_by integer REFERENCES app_user (id) ON DELETE SET NULL,
    mail_message_id integer REFERENCES mail_message (id) ON DELETE SET NULL,
    created_by integer REFERENCES app_user (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ck_insurance_declaration__period CHECK (end_date > start_date),
    CONSTRAINT ex_insurance_declaration__overlap EXCLUDE USING gist (module_id WITH =, daterange(start_date, end_date) WITH &&)
  )`);
  await knex.raw(`CREATE TABLE insurance_declaration_stay (
    id serial PRIMARY KEY,
    declaration_id integer NOT NULL REFERENCES insurance_declaration (id) ON DELETE CASCADE,
    booking_id integer NOT NULL REFERENCES booking (id) ON DELETE RESTRICT,
    stay_amount bigint NOT NULL,
    premium bigint NOT NULL CHECK (premium >= 0),
    CONSTRAINT uq_insurance_declaration_stay__booking_id UNIQUE (booking_id)
  )`);
  await knex.raw('CREATE INDEX ix_insurance_declaration_stay__declaration_id ON insurance_declaration_stay (declaration_id)');
  // Sent: nothing changes, nothing is deleted (its stays neither), in plain SQL too.
  await knex.raw(`CREATE FUNCTION bv_insurance_declaration_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.sent_at IS NOT NULL THEN RAISE EXCEPTION 'INSURANCE_SENT_UNDELETABLE' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.sent_at IS NOT NULL THEN RAISE EXCEPTION 'INSURANCE_SENT_UNDELETABLE' USING ERRCODE = 'P0001'; END IF;
  RETURN NEW;
END $$`);
  await knex.raw(`CREATE TRIGGER tg_insurance_declaration__frozen BEFORE UPDATE OR DELETE ON insurance_declaration
    FOR EACH ROW EXECUTE FUNCTION bv_insurance_declaration_frozen()`);
  await knex.raw(`CREATE FUNCTION bv_insurance_declaration_stay_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM insurance_declaration d WHERE d.sent_at IS NOT NULL
             AND d.id IN (OLD.declaration_id, CASE WHEN TG_OP = 'UPDATE' THEN NEW.declaration_id END)) THEN
    RAISE EXCEPTION 'INSURANCE_SENT_UNDELETABLE' USING ERRCODE = 'P0001';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$`);
  await knex.raw(`CREATE TRIGGER tg_insurance_declaration_stay__frozen BEFORE UPDATE OR DELETE ON insurance_declaration_stay
    FOR EACH ROW EXECUTE FUNCTION bv_insurance_declaration_stay_frozen()`);
  await knex.raw(`CREATE FUNCTION bv_no_truncate_sent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001';
END $$`);

  await knex.raw(`CREATE TABLE vacaf_claim (
    id serial PRIMARY KEY,
    module_id integer NOT NULL REFERENCES module_config (id) ON DELETE RESTRICT,
    agreement_number varchar(80) NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    aid_count integer NOT NULL DEFAULT 0 CHECK (aid_count >= 0),
    total_amount bigint NOT NULL DEFAULT 0 CHECK (total_amount >= 0),
    file_name varchar(120) NOT NULL,
    csv text NOT NULL,
    paid_on date,
    created_by integer REFERENCES app_user (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ck_vacaf_claim__period CHECK (end_date > start_date),
    CONSTRAINT ex_vacaf_claim__overlap EXCLUDE USING gist (module_id WITH =, daterange(start_date, end_date) WITH &&)
  )`);
  await knex.raw(`CREATE TABLE holiday_aid (
    id serial PRIMARY KEY,
    booking_id integer NOT NULL REFERENCES booking (id) ON DELETE RESTRICT,
    caf_number varchar(20) NOT NULL CHECK (caf_number ~ '^[0-9A-Za-z]{1,20}$'),
    amount integer NOT NULL CHECK (amount > 0),
    claim_id integer REFERENCES vacaf_claim (id) ON DELETE RESTRICT,
    bill_id integer REFERENCES bill (id) ON DELETE RESTRICT,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT uq_holiday_aid__booking_id UNIQUE (booking_id)
  )`);
  await knex.raw('CREATE INDEX ix_holiday_aid__claim_id ON holiday_aid (claim_id)');
  // Claimed from the CAF: the amount and the family's number are those of the claim.
  await knex.raw(`CREATE FUNCTION bv_holiday_aid_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.claim_id IS NOT NULL THEN RAISE EXCEPTION 'VACAF_AID_CLAIMED' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.claim_id IS NOT NULL AND (NEW.claim_id IS DISTINCT FROM OLD.claim_id OR NEW.amount <> OLD.amount
      OR NEW.caf_number <> OLD.caf_number OR NEW.booking_id <> OLD.booking_id) THEN
    RAISE EXCEPTION 'VACAF_AID_CLAIMED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$`);
  await knex.raw(`CREATE TRIGGER tg_holiday_aid__frozen BEFORE UPDATE OR DELETE ON holiday_aid
    FOR EACH ROW EXECUTE FUNCTION bv_holiday_aid_frozen()`);
  await knex.raw(`CREATE FUNCTION bv_vacaf_claim_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001'; END IF;
  -- only the day the CAF paid moves, once
  IF (to_jsonb(NEW) - 'paid_on') <> (to_jsonb(OLD) - 'paid_on') OR OLD.paid_on IS NOT NULL THEN
    RAISE EXCEPTION 'NOT_AUTHORISED' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$`);
  await knex.raw(`CREATE TRIGGER tg_vacaf_claim__kept BEFORE UPDATE OR DELETE ON vacaf_claim
    FOR EACH ROW EXECUTE FUNCTION bv_vacaf_claim_kept()`);

  for (const t of ['insurance_declaration', 'insurance_declaration_stay', 'vacaf_claim'])
    await knex.raw(`CREATE TRIGGER tg_${t}__no_truncate BEFORE TRUNCATE ON ${t}
      FOR EACH STATEMENT EXECUTE FUNCTION bv_no_truncate_sent()`);

  await knex.raw(`INSERT INTO accounting_account (code, label, kind, vat_rate_bp)
    SELECT v.code, v.label, v.kind, NULL FROM (VALUES
      ('467100', 'Assureur – primes d''assurance annulation à reverser', 'insurer'),
      ('411900', 'CAF – aides aux vacances (VACAF) à recevoir', 'holiday-aid')) AS v(code, label, kind)
    WHERE NOT EXISTS (SELECT 1 FROM accounting_account a WHERE a.code = v.code OR a.kind = v.kind)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM accounting_account WHERE code IN ('467100', '411900')`);
  await knex.raw('DROP TABLE holiday_aid');
  await knex.raw('DROP TABLE vacaf_claim');
  await knex.raw('DROP TABLE insurance_declaration_stay');
  await knex.raw('DROP TABLE insurance_declaration');
  await knex.raw(
    'DROP FUNCTION bv_insurance_declaration_frozen(), bv_insurance_declaration_stay_frozen(), bv_holiday_aid_frozen(), bv_vacaf_claim_kept(), bv_no_truncate_sent()',
  );
}
