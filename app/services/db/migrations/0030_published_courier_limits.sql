-- Courier package limits from the couriers' published figures (decision 071, amended): services a
-- vp has never edited (limits_version 1) take them; an edited service keeps its vp's values. The
-- version moves, so a limits form opened before this is refused as stale. The seed gives new
-- databases the same (seed/demo-data.ts).
-- Amazon Shipping: boxes up to 18 kg and 70 × 70 × 45 cm.
UPDATE "courier_services" SET "max_dead_weight" = 18, "max_side" = 70, "limits_version" = "limits_version" + 1
  WHERE "name" LIKE 'Amazon Shipping %' AND "limits_version" = 1;--> statement-breakpoint
-- Trackon: a single piece up to 80 kg (chargeable no lower); 110 cm by air, 180 cm by surface.
UPDATE "courier_services" SET "max_dead_weight" = 80, "max_chargeable_weight" = 80,
    "max_side" = CASE WHEN "has_surface" THEN 180 ELSE 110 END,
    "limits_version" = "limits_version" + 1
  WHERE "name" LIKE 'Trackon %' AND "limits_version" = 1;--> statement-breakpoint
-- India Post registered parcel: 1 m the longest side.
UPDATE "courier_services" SET "max_side" = 100, "limits_version" = "limits_version" + 1
  WHERE "name" LIKE 'India Post Registered Parcel %' AND "limits_version" = 1;
