-- Package limits per courier service (decision 071): the heaviest dead weight (kg), the heaviest
-- chargeable weight (kg) and the longest side (cm) it carries, edited by a vp on All Couriers.
-- The column defaults are a surface B2C service's; the seed sets every service's own.
ALTER TABLE "courier_services" ADD COLUMN "max_dead_weight" numeric(8, 3) DEFAULT '50' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_services" ADD COLUMN "max_chargeable_weight" numeric(8, 3) DEFAULT '70' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_services" ADD COLUMN "max_side" numeric(7, 2) DEFAULT '150' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_services" ADD COLUMN "limits_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Services that exist already get the figures the seed gives their kind (seed/demo-data.ts,
-- COURIER_LIMIT_DEFAULTS and the services with their own): air, heavy surface, freight, India Post.
UPDATE "courier_services" SET "max_dead_weight" = 30, "max_chargeable_weight" = 50, "max_side" = 120
  WHERE "is_air" AND NOT "has_surface";--> statement-breakpoint
UPDATE "courier_services" SET "max_dead_weight" = 70, "max_chargeable_weight" = 100, "max_side" = 180
  WHERE "has_surface" AND "forward_first_slab" >= 5;--> statement-breakpoint
UPDATE "courier_services" SET "max_dead_weight" = 150, "max_chargeable_weight" = 200, "max_side" = 240
  WHERE "name" LIKE 'Gati %';--> statement-breakpoint
UPDATE "courier_services" SET "max_dead_weight" = 200, "max_chargeable_weight" = 250, "max_side" = 240
  WHERE "name" LIKE 'Safexpress %';--> statement-breakpoint
UPDATE "courier_services" SET "max_dead_weight" = 35, "max_chargeable_weight" = 35, "max_side" = 150
  WHERE "name" LIKE 'India Post Speed Post %';--> statement-breakpoint
UPDATE "courier_services" SET "max_dead_weight" = 20, "max_chargeable_weight" = 20, "max_side" = 150
  WHERE "name" LIKE 'India Post Registered Parcel %';
