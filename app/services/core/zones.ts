/**
 * The five billing zones A–E (docs/product.md §2, §9): their order, the rate tables' column
 * captions and the standard turnaround days. Which zone a lane falls in is the quote area's
 * rule (quote/zone.ts); these are only the words every area shares.
 */

export const ZONES = ["A", "B", "C", "D", "E"] as const;
export type Zone = (typeof ZONES)[number];

export function isZone(value: unknown): value is Zone {
  return typeof value === "string" && (ZONES as readonly string[]).includes(value);
}

/** Column titles of the rate card tables (docs/product.md §2). */
export const ZONE_LABELS: Readonly<Record<Zone, string>> = {
  A: "Intra City",
  B: "Within Zone",
  C: "Metros",
  D: "ROI",
  E: "ROI",
};

/** Some views (and docs/product.md §9) name zone E 'Up Country' instead of 'ROI'. */
export const ZONE_E_ALT_LABEL = "Up Country";

/**
 * Turnaround in days per zone (docs/product.md §9): what the advantage plan table promises, the
 * cashback settings' default TATs and the base days of a quote's delivery estimate.
 */
export const ZONE_TAT_DAYS: Readonly<Record<Zone, number>> = { A: 2, B: 3, C: 4, D: 5, E: 8 };

/** The lower-case letter of a zone as rate-row columns spell it (`zone_a_base`). */
export type ZoneKey = Lowercase<Zone>;

/** A zone as a rate table column: its key in column names, its name and its caption. */
export type ZoneColumn = { zone: Zone; key: ZoneKey; name: `Zone ${Zone}`; label: string };

/** Zones A–E as the rate tables' columns, in order ("Zone A" 'Intra City' …). */
export const ZONE_COLUMNS: readonly ZoneColumn[] = ZONES.map((zone) => ({
  zone,
  key: zone.toLowerCase() as ZoneKey,
  name: `Zone ${zone}` as const,
  label: ZONE_LABELS[zone],
}));
