CREATE TABLE "legal_seller_status" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"segment" text,
	"search" text GENERATED ALWAYS AS (lower(name || chr(10) || email)) STORED,
	"in_force" integer NOT NULL,
	"accepted" integer NOT NULL,
	"status" text,
	"docs" jsonb NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"stale" boolean DEFAULT false NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_seller_status" ADD CONSTRAINT "legal_seller_status_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_seller_status_page_idx" ON "legal_seller_status" USING btree ("status","name","client_id");--> statement-breakpoint
CREATE INDEX "legal_seller_status_name_idx" ON "legal_seller_status" USING btree ("name","client_id");--> statement-breakpoint
CREATE INDEX "legal_seller_status_valid_until_idx" ON "legal_seller_status" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "legal_seller_status_valid_from_idx" ON "legal_seller_status" USING btree ("valid_from");--> statement-breakpoint
CREATE INDEX "legal_seller_status_stale_idx" ON "legal_seller_status" USING btree ("stale") WHERE "legal_seller_status"."stale";--> statement-breakpoint
-- hand-written (keep at merge)
-- Every client has a kept Legal Status row (decision 036). Whoever writes `clients` — the
-- services, the seed, a script, a console session — a new client gets a row marked stale, a
-- client whose e-mail or customer segment (business_data.tin_number) changes has its row marked
-- stale, and a new name or company name is copied. The services recompute the row in the same
-- transaction; while a row is stale the Legal Status page counts everything, until the keeper
-- recomputes it, so the page never shows a status the change made wrong.
CREATE OR REPLACE FUNCTION clients_legal_status_row() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO legal_seller_status (client_id, name, email, company_name, in_force, accepted, docs, stale)
      VALUES (NEW.id, NEW.name, NEW.email, NEW.company_name, 0, 0, '[]'::jsonb, true) ON CONFLICT (client_id) DO NOTHING;
  ELSE
    UPDATE legal_seller_status SET name = NEW.name, company_name = NEW.company_name,
      stale = stale OR NEW.email IS DISTINCT FROM OLD.email
        OR (NEW.business_data->>'tin_number') IS DISTINCT FROM (OLD.business_data->>'tin_number')
    WHERE client_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER clients_legal_status_insert AFTER INSERT ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_legal_status_row();
--> statement-breakpoint
CREATE TRIGGER clients_legal_status_update AFTER UPDATE OF name, email, company_name, business_data ON clients
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.company_name IS DISTINCT FROM OLD.company_name
    OR NEW.email IS DISTINCT FROM OLD.email OR (NEW.business_data->>'tin_number') IS DISTINCT FROM (OLD.business_data->>'tin_number'))
  EXECUTE FUNCTION clients_legal_status_row();
--> statement-breakpoint
-- The clients there before this migration: stale rows, computed by the keeper at start-up.
INSERT INTO legal_seller_status (client_id, name, email, company_name, in_force, accepted, docs, stale)
  SELECT id, name, email, company_name, 0, 0, '[]'::jsonb, true FROM clients ON CONFLICT (client_id) DO NOTHING;
