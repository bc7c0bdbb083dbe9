CREATE TABLE "cashback_settings" (
	"client_id" integer NOT NULL,
	"plan" text NOT NULL,
	"assurance" integer DEFAULT 85 NOT NULL,
	"return_plan" integer NOT NULL,
	"return_forward_percentage" numeric(6, 2),
	"return_forward_value" numeric(12, 2),
	"return_rto_percentage" numeric(6, 2),
	"return_rto_value" numeric(12, 2),
	"delivered_plan" integer NOT NULL,
	"delivered_forward_percentage" numeric(6, 2),
	"delivered_forward_value" numeric(12, 2),
	"delivered_rto_percentage" numeric(6, 2),
	"delivered_rto_value" numeric(12, 2),
	"tat_zoneA" integer NOT NULL,
	"tat_zoneB" integer NOT NULL,
	"tat_zoneC" integer NOT NULL,
	"tat_zoneD" integer NOT NULL,
	"tat_zoneE" integer NOT NULL,
	"max_tat_liability" numeric(12, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "cashback_settings_client_id_plan_pk" PRIMARY KEY("client_id","plan"),
	CONSTRAINT "cashback_settings_plan" CHECK ("cashback_settings"."plan" in ('advantage_basic', 'advantage_premium')),
	CONSTRAINT "cashback_settings_assurance" CHECK ("cashback_settings"."assurance" in (85, 90, 95)),
	CONSTRAINT "cashback_settings_return_plan" CHECK ("cashback_settings"."return_plan" between 1 and 4),
	CONSTRAINT "cashback_settings_delivered_plan" CHECK ("cashback_settings"."delivered_plan" between 1 and 2),
	CONSTRAINT "cashback_settings_percentages" CHECK (coalesce(least("cashback_settings"."return_forward_percentage", "cashback_settings"."return_rto_percentage", "cashback_settings"."delivered_forward_percentage", "cashback_settings"."delivered_rto_percentage"), 0) >= 0
        and coalesce(greatest("cashback_settings"."return_forward_percentage", "cashback_settings"."return_rto_percentage", "cashback_settings"."delivered_forward_percentage", "cashback_settings"."delivered_rto_percentage"), 0) <= 100),
	CONSTRAINT "cashback_settings_values" CHECK (coalesce(least("cashback_settings"."return_forward_value", "cashback_settings"."return_rto_value", "cashback_settings"."delivered_forward_value", "cashback_settings"."delivered_rto_value"), 0) >= 0),
	CONSTRAINT "cashback_settings_one_of_each_pair" CHECK (("cashback_settings"."return_forward_percentage" is null) <> ("cashback_settings"."return_forward_value" is null)
        and ("cashback_settings"."return_rto_percentage" is null) <> ("cashback_settings"."return_rto_value" is null)
        and ("cashback_settings"."delivered_forward_percentage" is null) <> ("cashback_settings"."delivered_forward_value" is null)
        and ("cashback_settings"."delivered_rto_percentage" is null) <> ("cashback_settings"."delivered_rto_value" is null)),
	CONSTRAINT "cashback_settings_tat_positive" CHECK (least("cashback_settings"."tat_zoneA", "cashback_settings"."tat_zoneB", "cashback_settings"."tat_zoneC", "cashback_settings"."tat_zoneD", "cashback_settings"."tat_zoneE") >= 1),
	CONSTRAINT "cashback_settings_max_liability" CHECK ("cashback_settings"."max_tat_liability" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_advantage_plans" (
	"client_id" integer NOT NULL,
	"plan" text NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_by" integer,
	"activated_at" timestamp with time zone,
	CONSTRAINT "client_advantage_plans_client_id_plan_pk" PRIMARY KEY("client_id","plan"),
	CONSTRAINT "client_advantage_plans_plan" CHECK ("client_advantage_plans"."plan" in ('advantage_basic', 'advantage_premium'))
);
--> statement-breakpoint
CREATE TABLE "plan_rate_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"client_id" integer,
	"courier_service_id" integer NOT NULL,
	"shipment_type" text NOT NULL,
	"delivery_type" text NOT NULL,
	"first_slab" numeric(6, 2) NOT NULL,
	"second_slab" numeric(6, 2) NOT NULL,
	"zone_a_base" numeric(12, 2) NOT NULL,
	"zone_a_add" numeric(12, 2) NOT NULL,
	"zone_b_base" numeric(12, 2) NOT NULL,
	"zone_b_add" numeric(12, 2) NOT NULL,
	"zone_c_base" numeric(12, 2) NOT NULL,
	"zone_c_add" numeric(12, 2) NOT NULL,
	"zone_d_base" numeric(12, 2) NOT NULL,
	"zone_d_add" numeric(12, 2) NOT NULL,
	"zone_e_base" numeric(12, 2) NOT NULL,
	"zone_e_add" numeric(12, 2) NOT NULL,
	"cod_charge" numeric(12, 2) NOT NULL,
	"cod_percentage" numeric(6, 2) NOT NULL,
	"surcharge" numeric(12, 2) NOT NULL,
	"ndd_charge" numeric(12, 2) NOT NULL,
	"divisor" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_rate_rows_plan" CHECK ("plan_rate_rows"."plan" in ('advantage_basic', 'advantage_premium')),
	CONSTRAINT "plan_rate_rows_shipment_type" CHECK ("plan_rate_rows"."shipment_type" in ('FORWARD', 'REVERSE', 'FORWARD_RTO', 'REVERSE_RTO')),
	CONSTRAINT "plan_rate_rows_delivery_type" CHECK ("plan_rate_rows"."delivery_type" in ('express', 'surface')),
	CONSTRAINT "plan_rate_rows_slabs_positive" CHECK ("plan_rate_rows"."first_slab" > 0 and "plan_rate_rows"."second_slab" > 0),
	CONSTRAINT "plan_rate_rows_prices_non_negative" CHECK (least("plan_rate_rows"."zone_a_base", "plan_rate_rows"."zone_a_add", "plan_rate_rows"."zone_b_base", "plan_rate_rows"."zone_b_add", "plan_rate_rows"."zone_c_base", "plan_rate_rows"."zone_c_add", "plan_rate_rows"."zone_d_base", "plan_rate_rows"."zone_d_add", "plan_rate_rows"."zone_e_base", "plan_rate_rows"."zone_e_add", "plan_rate_rows"."cod_charge", "plan_rate_rows"."surcharge", "plan_rate_rows"."ndd_charge") >= 0),
	CONSTRAINT "plan_rate_rows_cod_percentage_range" CHECK ("plan_rate_rows"."cod_percentage" between 0 and 100),
	CONSTRAINT "plan_rate_rows_divisor_positive" CHECK ("plan_rate_rows"."divisor" > 0)
);
--> statement-breakpoint
ALTER TABLE "cashback_settings" ADD CONSTRAINT "cashback_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_settings" ADD CONSTRAINT "cashback_settings_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_advantage_plans" ADD CONSTRAINT "client_advantage_plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_advantage_plans" ADD CONSTRAINT "client_advantage_plans_offered_by_staff_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_rate_rows" ADD CONSTRAINT "plan_rate_rows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_rate_rows" ADD CONSTRAINT "plan_rate_rows_courier_service_id_courier_services_id_fk" FOREIGN KEY ("courier_service_id") REFERENCES "public"."courier_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_advantage_plans_one_active" ON "client_advantage_plans" USING btree ("client_id") WHERE "client_advantage_plans"."activated_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_rate_rows_default_key" ON "plan_rate_rows" USING btree ("plan","courier_service_id","shipment_type","delivery_type") WHERE "plan_rate_rows"."client_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_rate_rows_client_key" ON "plan_rate_rows" USING btree ("client_id","plan","courier_service_id","shipment_type","delivery_type") WHERE "plan_rate_rows"."client_id" is not null;