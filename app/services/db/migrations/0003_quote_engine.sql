CREATE TABLE "client_rule_settings" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"rule_code" text DEFAULT '3' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_rule_settings_rule_code" CHECK ("client_rule_settings"."rule_code" in ('0', '3', '4', '5'))
);
--> statement-breakpoint
CREATE TABLE "courier_serviceability" (
	"courier_id" integer NOT NULL,
	"pincode" integer NOT NULL,
	"fm_pickup" boolean NOT NULL,
	"lm_delivery" boolean NOT NULL,
	"cod" boolean NOT NULL,
	"prepaid" boolean NOT NULL,
	"reverse_pickup" boolean NOT NULL,
	"express" boolean NOT NULL,
	"surface" boolean NOT NULL,
	"extra_tat_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "courier_serviceability_courier_id_pincode_pk" PRIMARY KEY("courier_id","pincode")
);
--> statement-breakpoint
CREATE TABLE "custom_priority_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"zone_list" jsonb NOT NULL,
	"order_type" jsonb NOT NULL,
	"courier_list" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_priority_rules_service_type" CHECK ("custom_priority_rules"."service_type" in ('express', 'surface'))
);
--> statement-breakpoint
CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickrr_select_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"priority" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"criterias" jsonb NOT NULL,
	"courier" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_rule_settings" ADD CONSTRAINT "client_rule_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_priority_rules" ADD CONSTRAINT "custom_priority_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickrr_select_rules" ADD CONSTRAINT "pickrr_select_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_priority_rules_client_idx" ON "custom_priority_rules" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickrr_select_rules_client_name_idx" ON "pickrr_select_rules" USING btree ("client_id","name");