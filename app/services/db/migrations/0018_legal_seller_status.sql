CREATE TABLE "legal_seller_status" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"in_force" integer NOT NULL,
	"accepted" integer NOT NULL,
	"status" text,
	"docs" jsonb NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_seller_status" ADD CONSTRAINT "legal_seller_status_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_seller_status_status_idx" ON "legal_seller_status" USING btree ("status");--> statement-breakpoint
CREATE INDEX "legal_seller_status_valid_until_idx" ON "legal_seller_status" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "legal_seller_status_valid_from_idx" ON "legal_seller_status" USING btree ("valid_from");--> statement-breakpoint
-- hand-written (keep at merge)
-- Any writer that changes a client's e-mail or customer segment (business_data.tin_number)
-- drops the client's kept Legal Status row (decision 036): the services recompute it in the
-- same transaction; any other writer (a script, a console session) leaves it missing, so the
-- Legal Status page counts everything until the keeper refreshes it — never a stale status.
CREATE OR REPLACE FUNCTION clients_legal_status_unkept() RETURNS trigger AS $$
BEGIN
  IF NEW.email IS DISTINCT FROM OLD.email OR (NEW.business_data->>'tin_number') IS DISTINCT FROM (OLD.business_data->>'tin_number') THEN
    DELETE FROM legal_seller_status WHERE client_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER clients_legal_status_unkept AFTER UPDATE OF email, business_data ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_legal_status_unkept();
