CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"staff_role" text NOT NULL,
	"client_id" integer,
	"entity" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb
);
--> statement-breakpoint
CREATE TABLE "client_courier_services" (
	"client_id" integer NOT NULL,
	"courier_service_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "client_courier_services_client_id_courier_service_id_pk" PRIMARY KEY("client_id","courier_service_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"auth_token" text NOT NULL,
	"password_hash" text,
	"vp_id" integer,
	"avp_id" integer,
	"bdm_id" integer,
	"tl_id" integer,
	"business_data" jsonb NOT NULL,
	"pickrr_config" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_services" (
	"id" integer PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"name" text NOT NULL,
	"has_surface" boolean NOT NULL,
	"is_air" boolean NOT NULL,
	"forward_first_slab" double precision NOT NULL,
	"supports_dg" boolean DEFAULT false NOT NULL,
	"supports_mps" boolean DEFAULT false NOT NULL,
	"supports_doc" boolean DEFAULT true NOT NULL,
	CONSTRAINT "courier_services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"coverage" text NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "couriers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pincode" integer PRIMARY KEY NOT NULL,
	"office_name" text NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL,
	"lat" double precision,
	"long" double precision,
	"is_metro" boolean NOT NULL,
	"is_special_zone" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"manager_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_courier_services" ADD CONSTRAINT "client_courier_services_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_courier_services" ADD CONSTRAINT "client_courier_services_courier_service_id_courier_services_id_fk" FOREIGN KEY ("courier_service_id") REFERENCES "public"."courier_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_vp_id_staff_id_fk" FOREIGN KEY ("vp_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_avp_id_staff_id_fk" FOREIGN KEY ("avp_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_bdm_id_staff_id_fk" FOREIGN KEY ("bdm_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_tl_id_staff_id_fk" FOREIGN KEY ("tl_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_services" ADD CONSTRAINT "courier_services_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_client_idx" ON "audit_log" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_idx" ON "clients" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "clients_auth_token_idx" ON "clients" USING btree ("auth_token");--> statement-breakpoint
CREATE INDEX "clients_avp_idx" ON "clients" USING btree ("avp_id");--> statement-breakpoint
CREATE INDEX "clients_bdm_idx" ON "clients" USING btree ("bdm_id");--> statement-breakpoint
CREATE INDEX "clients_tl_idx" ON "clients" USING btree ("tl_id");--> statement-breakpoint
CREATE INDEX "clients_date_joined_idx" ON "clients" USING btree ("date_joined");--> statement-breakpoint
CREATE INDEX "courier_services_courier_idx" ON "courier_services" USING btree ("courier_id");--> statement-breakpoint
CREATE INDEX "pincodes_state_idx" ON "pincodes" USING btree ("state");--> statement-breakpoint
CREATE INDEX "pincodes_city_idx" ON "pincodes" USING btree ("city");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_email_at_idx" ON "sign_in_attempts" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_ip_at_idx" ON "sign_in_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_idx" ON "staff" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_manager_idx" ON "staff" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");