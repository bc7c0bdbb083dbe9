-- Decisions 061 and 062: a published legal version can be withdrawn (who, when, why: all or none), and
-- the deadline reminders sent, one row per document, seller and kind. New nullable columns: no rewrite.
CREATE TABLE "legal_reminders" (
	"document_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"deadline" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_reminders_document_id_client_id_kind_pk" PRIMARY KEY("document_id","client_id","kind"),
	CONSTRAINT "legal_reminders_kind_check" CHECK ("legal_reminders"."kind" in ('3d', '1d'))
);
--> statement-breakpoint
ALTER TABLE "legal_documents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD COLUMN "withdrawn_by" text;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "legal_reminders" ADD CONSTRAINT "legal_reminders_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_reminders" ADD CONSTRAINT "legal_reminders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_withdrawn_check" CHECK (("legal_documents"."withdrawn_at" is null) = ("legal_documents"."withdrawn_by" is null) and ("legal_documents"."withdrawn_at" is null) = ("legal_documents"."withdrawn_reason" is null));