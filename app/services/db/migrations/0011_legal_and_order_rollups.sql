CREATE TABLE "order_daily_rollups" (
	"client_id" integer NOT NULL,
	"day" date NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"picked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_rollups_client_id_day_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
CREATE TABLE "legal_acceptances" (
	"document_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"version" integer NOT NULL,
	"accepted_by" text NOT NULL,
	"ip" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_acceptances_document_id_client_id_pk" PRIMARY KEY("document_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_name" text NOT NULL,
	"doc_type" text NOT NULL,
	"segment" text NOT NULL,
	"email" text,
	"client_id" integer,
	"audience" text NOT NULL,
	"description" text NOT NULL,
	"publish_at" date NOT NULL,
	"order_blocking" text NOT NULL,
	"days" integer,
	"version" integer NOT NULL,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_documents_days_check" CHECK (("legal_documents"."order_blocking" = 'mandatory') = ("legal_documents"."days" is not null) and ("legal_documents"."days" is null or "legal_documents"."days" >= 1))
);
--> statement-breakpoint
ALTER TABLE "order_daily_rollups" ADD CONSTRAINT "order_daily_rollups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_daily_rollups_day_idx" ON "order_daily_rollups" USING btree ("day");--> statement-breakpoint
CREATE INDEX "legal_acceptances_client_idx" ON "legal_acceptances" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_version_idx" ON "legal_documents" USING btree ("doc_name","audience","version");--> statement-breakpoint
CREATE INDEX "legal_documents_audience_idx" ON "legal_documents" USING btree ("audience","publish_at");