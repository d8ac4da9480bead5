-- An issued invoice never changes: the database refuses any change to what it says (a correction is a new
-- row that replaces it). Only issuedById may still change, to NULL, when a staff account is erased.
CREATE FUNCTION "invoice_refuse_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."id", NEW."number", NEW."year", NEW."sequence", NEW."visitId", NEW."customerId", NEW."replacesId",
      NEW."snapshot", NEW."totalCents", NEW."paidCents", NEW."balanceCents", NEW."currency", NEW."issuedAt")
     IS DISTINCT FROM
     (OLD."id", OLD."number", OLD."year", OLD."sequence", OLD."visitId", OLD."customerId", OLD."replacesId",
      OLD."snapshot", OLD."totalCents", OLD."paidCents", OLD."balanceCents", OLD."currency", OLD."issuedAt") THEN
    RAISE EXCEPTION 'Invoice % is issued and cannot be changed', OLD."number" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Invoice_refuse_changes" BEFORE UPDATE ON "Invoice"
  FOR EACH ROW EXECUTE FUNCTION "invoice_refuse_changes"();
