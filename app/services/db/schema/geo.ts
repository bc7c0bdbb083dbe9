/** The pincode table zoning reads (geo). */
import { boolean, doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";

export const pincodes = pgTable(
  "pincodes",
  {
    pincode: integer("pincode").primaryKey(),
    office_name: text("office_name").notNull(),
    /** The city used for zoning: a metro's name when the district belongs to one, else the district. */
    city: text("city").notNull(),
    district: text("district").notNull(),
    state: text("state").notNull(),
    lat: doublePrecision("lat"),
    long: doublePrecision("long"),
    is_metro: boolean("is_metro").notNull(),
    is_special_zone: boolean("is_special_zone").notNull(),
  },
  (t) => [index("pincodes_state_idx").on(t.state), index("pincodes_city_idx").on(t.city)],
);
