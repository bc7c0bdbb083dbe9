/** Courier brands, their services and which services a client has switched on. */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
} from "drizzle-orm/pg-core";

import { clients } from "./clients";

/** A courier brand (Delhivery, Blue Dart …). */
export const couriers = pgTable("couriers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** National couriers cover most pincodes; regional ones a few states. */
  coverage: text("coverage").$type<"national" | "regional">().notNull(),
  /** States served by a regional courier (empty for national ones). */
  regions: jsonb("regions").$type<string[]>().notNull().default([]),
});

/** A courier service with its own internal courier id, e.g. "Delhivery Surface 2kg". */
export const courierServices = pgTable(
  "courier_services",
  {
    /** The internal courier id the spec calls courier_id. */
    id: integer("id").primaryKey(),
    courier_id: integer("courier_id")
      .notNull()
      .references(() => couriers.id),
    name: text("name").notNull().unique(),
    has_surface: boolean("has_surface").notNull(),
    is_air: boolean("is_air").notNull(),
    /** Heaviest first slab (kg) the service is sold with. */
    forward_first_slab: doublePrecision("forward_first_slab").notNull(),
    supports_dg: boolean("supports_dg").notNull().default(false),
    supports_mps: boolean("supports_mps").notNull().default(false),
    supports_doc: boolean("supports_doc").notNull().default(true),
    /**
     * What one package may be on this service (decision 071): dead weight and chargeable weight
     * in kg, each side in cm. The quote engine leaves out a service a shipment exceeds; equal
     * to a limit is allowed. The defaults are a surface B2C service's; the seed sets each one.
     */
    max_dead_weight: numeric("max_dead_weight", { precision: 8, scale: 3 }).notNull().default("50"),
    max_chargeable_weight: numeric("max_chargeable_weight", { precision: 8, scale: 3 }).notNull().default("70"),
    max_side: numeric("max_side", { precision: 7, scale: 2 }).notNull().default("150"),
    /** Bumped by each limits edit: a save from a stale form is refused with the current values. */
    limits_version: integer("limits_version").notNull().default(1),
  },
  (t) => [index("courier_services_courier_idx").on(t.courier_id)],
);

/** Which courier services are switched on for a client. */
export const clientCourierServices = pgTable(
  "client_courier_services",
  {
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    courier_service_id: integer("courier_service_id")
      .notNull()
      .references(() => courierServices.id),
    is_active: boolean("is_active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.client_id, t.courier_service_id] })],
);
