CREATE TABLE "client_kyc" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"company_type" text NOT NULL,
	"business_proof_type" text NOT NULL,
	"gst_type" text NOT NULL,
	"gst_no" text,
	"pan_number" text NOT NULL,
	"msme" text NOT NULL,
	"billing_address" text NOT NULL,
	"billing_address_line2" text DEFAULT '' NOT NULL,
	"billing_city" text NOT NULL,
	"billing_pincode" text NOT NULL,
	"billing_state" text NOT NULL,
	"send_email_flag" boolean DEFAULT false NOT NULL,
	"from_registry" boolean DEFAULT false NOT NULL,
	"business_proof_file_id" integer,
	"pancard_file_id" integer,
	"gst_certificate_file_id" integer,
	"msme_certificate_file_id" integer,
	"submitted_by" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_kyc_gst_type" CHECK ("client_kyc"."gst_type" in ('yes', 'no')),
	CONSTRAINT "client_kyc_gst_no" CHECK (("client_kyc"."gst_type" = 'yes') = ("client_kyc"."gst_no" is not null)),
	CONSTRAINT "client_kyc_msme" CHECK ("client_kyc"."msme" in ('yes', 'no'))
);
--> statement-breakpoint
CREATE TABLE "client_wallet_config" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"configuration_type" text DEFAULT 'DEFAULT' NOT NULL,
	"initial_tolerance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"current_tolerance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"max_tolerance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gst_registry" (
	"gstin" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"billing_address" text NOT NULL,
	"billing_address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"pincode" text NOT NULL,
	"state" text NOT NULL,
	"send_email_flag" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "business_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "config_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "bank_unlocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "label_logo_file_id" integer;--> statement-breakpoint
ALTER TABLE "client_kyc" ADD CONSTRAINT "client_kyc_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_kyc" ADD CONSTRAINT "client_kyc_business_proof_file_id_stored_files_id_fk" FOREIGN KEY ("business_proof_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_kyc" ADD CONSTRAINT "client_kyc_pancard_file_id_stored_files_id_fk" FOREIGN KEY ("pancard_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_kyc" ADD CONSTRAINT "client_kyc_gst_certificate_file_id_stored_files_id_fk" FOREIGN KEY ("gst_certificate_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_kyc" ADD CONSTRAINT "client_kyc_msme_certificate_file_id_stored_files_id_fk" FOREIGN KEY ("msme_certificate_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_wallet_config" ADD CONSTRAINT "client_wallet_config_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_label_logo_file_id_stored_files_id_fk" FOREIGN KEY ("label_logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written (keep at merge)
-- Any writer of business_data or pickrr_config (the legal team's blocked-users flag, a script)
-- moves the section's version, so the account set-up forms detect the change (decision 026).
CREATE OR REPLACE FUNCTION clients_bump_section_versions() RETURNS trigger AS $$
BEGIN
  IF NEW.business_data IS DISTINCT FROM OLD.business_data AND NEW.business_version = OLD.business_version THEN
    NEW.business_version := OLD.business_version + 1;
  END IF;
  IF NEW.pickrr_config IS DISTINCT FROM OLD.pickrr_config AND NEW.config_version = OLD.config_version THEN
    NEW.config_version := OLD.config_version + 1;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER clients_section_versions BEFORE UPDATE OF business_data, pickrr_config ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_bump_section_versions();
