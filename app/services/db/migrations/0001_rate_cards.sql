CREATE TABLE "rate_card_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"uploaded_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_count" integer NOT NULL,
	"file_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer,
	"segment" integer,
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
	CONSTRAINT "rate_rows_one_owner" CHECK (("rate_rows"."client_id" is null) <> ("rate_rows"."segment" is null)),
	CONSTRAINT "rate_rows_segment_range" CHECK ("rate_rows"."segment" in (0, 1, 2)),
	CONSTRAINT "rate_rows_shipment_type" CHECK ("rate_rows"."shipment_type" in ('FORWARD', 'REVERSE', 'FORWARD_RTO', 'REVERSE_RTO')),
	CONSTRAINT "rate_rows_delivery_type" CHECK ("rate_rows"."delivery_type" in ('express', 'surface')),
	CONSTRAINT "rate_rows_slabs_positive" CHECK ("rate_rows"."first_slab" > 0 and "rate_rows"."second_slab" > 0),
	CONSTRAINT "rate_rows_prices_non_negative" CHECK (least("rate_rows"."zone_a_base", "rate_rows"."zone_a_add", "rate_rows"."zone_b_base", "rate_rows"."zone_b_add", "rate_rows"."zone_c_base", "rate_rows"."zone_c_add", "rate_rows"."zone_d_base", "rate_rows"."zone_d_add", "rate_rows"."zone_e_base", "rate_rows"."zone_e_add", "rate_rows"."cod_charge", "rate_rows"."surcharge", "rate_rows"."ndd_charge") >= 0),
	CONSTRAINT "rate_rows_cod_percentage_range" CHECK ("rate_rows"."cod_percentage" between 0 and 100),
	CONSTRAINT "rate_rows_divisor_positive" CHECK ("rate_rows"."divisor" > 0)
);
--> statement-breakpoint
ALTER TABLE "rate_card_uploads" ADD CONSTRAINT "rate_card_uploads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_uploads" ADD CONSTRAINT "rate_card_uploads_uploaded_by_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_rows" ADD CONSTRAINT "rate_rows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_rows" ADD CONSTRAINT "rate_rows_courier_service_id_courier_services_id_fk" FOREIGN KEY ("courier_service_id") REFERENCES "public"."courier_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_card_uploads_client_idx" ON "rate_card_uploads" USING btree ("client_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_rows_client_key" ON "rate_rows" USING btree ("client_id","courier_service_id","shipment_type","delivery_type") WHERE "rate_rows"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_rows_segment_key" ON "rate_rows" USING btree ("segment","courier_service_id","shipment_type","delivery_type") WHERE "rate_rows"."segment" is not null;