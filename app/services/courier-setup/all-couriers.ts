/**
 * The All Couriers tab's rules (docs/product.md §2 "All Couriers", §3 "All couriers data", §4
 * courier toggle, §9 courier filters): a client's courier services grouped by courier brand
 * into one entry each, the entry's status and type, the counts, and the filter and search
 * of the URL. Pure: the data comes from all-couriers.server.ts.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { boundedString, TEXT_LIMITS } from "../core/text-input";
import { nameKey } from "../quote/zone";

export const COURIER_FILTERS = ["all", "active", "inactive", "express", "regular"] as const;
export type CourierFilter = (typeof COURIER_FILTERS)[number];

export const TOGGLE_CONFIRM_TITLE = "Are you sure?";
export const toggleConfirmText = (activate: boolean) =>
  `This will ${activate ? "activate" : "deactivate"} for all your orders`;

/** The view state in the URL: `?filter=active&q=del&confirm=<courier_id>`, or `&limits=<courier service id>` for the limits dialog. */
export const allCouriersQuerySchema = z.object({
  filter: z.enum(COURIER_FILTERS).catch("all"),
  q: boundedString(TEXT_LIMITS.search).catch(""),
  confirm: z.coerce.number().int().positive().optional().catch(undefined),
  limits: z.coerce.number().int().positive().optional().catch(undefined),
});
export type AllCouriersQuery = z.infer<typeof allCouriersQuerySchema>;

export function parseAllCouriersQuery(params: URLSearchParams): AllCouriersQuery {
  return allCouriersQuerySchema.parse({
    filter: params.get("filter") ?? undefined,
    q: params.get("q")?.trim() ?? undefined,
    confirm: params.get("confirm") ?? undefined,
    limits: params.get("limits") ?? undefined,
  });
}

export function allCouriersHref(clientId: number, query: Partial<AllCouriersQuery>): string {
  const params = new URLSearchParams();
  if (query.filter && query.filter !== "all") params.set("filter", query.filter);
  if (query.q) params.set("q", query.q);
  if (query.confirm) params.set("confirm", String(query.confirm));
  if (query.limits) params.set("limits", String(query.limits));
  const search = params.toString();
  return `/all-users/${clientId}/courier-setup${search ? `?${search}` : ""}`;
}

/** One first-slab price of a rate row (rupees text, two decimals as stored). */
export type RateSummary = {
  shipment_type: string;
  delivery_type: string;
  first_slab: string;
  zone_base: Record<"A" | "B" | "C" | "D" | "E", string>;
  cod_charge: string;
  cod_percentage: string;
  ndd_charge: string;
  surcharge: string;
};

/** One of the client's courier services (the spec's courier_internal_id_list entry) with its forward rates. */
export type ServiceRow = {
  courier_service_id: number;
  name: string;
  brand_id: number;
  brand: string;
  has_surface: boolean;
  is_active: boolean;
  forward_first_slab: number;
  /** Package limits (decision 071): kg, kg, cm as stored text, and their version for the edit. */
  max_dead_weight: string;
  max_chargeable_weight: string;
  max_side: string;
  limits_version: number;
  rates: RateSummary[];
};

export type CourierEntry = {
  courier_name: string;
  /** The brand's id. */
  courier_id: number;
  /** The client's services of this brand (the ids a toggle switches together). */
  courier_ids: number[];
  status: "active" | "inactive";
  type: "regular" | "express";
  serviceable_pin_codes: number;
  rate_list: ServiceRow[];
};

export type CourierCounts = {
  allCourier: number;
  activeCourier: number;
  inActiveCourier: number;
  expressCourier: number;
  regularCourier: number;
};

/**
 * Services grouped by brand, sorted by name (docs/product.md §9): status active if any service is active,
 * type regular if any service has surface, otherwise express (docs/product.md §3).
 */
export function groupCouriers(
  services: readonly ServiceRow[],
  serviceableByBrand: ReadonlyMap<number, number>,
): CourierEntry[] {
  const byBrand = new Map<number, ServiceRow[]>();
  for (const s of services) byBrand.set(s.brand_id, [...(byBrand.get(s.brand_id) ?? []), s]);
  return [...byBrand.values()]
    .map((rows) => {
      const list = [...rows].sort((a, b) => a.name.localeCompare(b.name));
      return {
        courier_name: list[0].brand,
        courier_id: list[0].brand_id,
        courier_ids: list.map((s) => s.courier_service_id),
        status: list.some((s) => s.is_active) ? ("active" as const) : ("inactive" as const),
        type: list.some((s) => s.has_surface) ? ("regular" as const) : ("express" as const),
        serviceable_pin_codes: serviceableByBrand.get(list[0].brand_id) ?? 0,
        rate_list: list,
      };
    })
    .sort((a, b) => a.courier_name.localeCompare(b.courier_name));
}

export function countCouriers(entries: readonly CourierEntry[]): CourierCounts {
  const active = entries.filter((e) => e.status === "active").length;
  const regular = entries.filter((e) => e.type === "regular").length;
  return {
    allCourier: entries.length,
    activeCourier: active,
    inActiveCourier: entries.length - active,
    expressCourier: entries.length - regular,
    regularCourier: regular,
  };
}

/** The filter button and the search box (courier name, case- and spacing-insensitive). */
export function filterCouriers(
  entries: readonly CourierEntry[],
  filter: CourierFilter,
  search: string,
): CourierEntry[] {
  const wanted = nameKey(search);
  return entries.filter((e) => {
    const kept =
      filter === "all" ||
      (filter === "active" && e.status === "active") ||
      (filter === "inactive" && e.status === "inactive") ||
      (filter === "express" && e.type === "express") ||
      (filter === "regular" && e.type === "regular");
    return (
      kept &&
      (wanted === "" ||
        e.rate_list.some((s) => nameKey(s.name).includes(wanted)) ||
        nameKey(e.courier_name).includes(wanted))
    );
  });
}

/** Activate/Deactivate, posted from the confirmation (hidden fields only), with the list's filter and search to go back to. */
export const courierToggleSchema = z.object({
  intent: z.literal("toggle"),
  courier_id: z.coerce.number().int().positive(),
  is_activate: z.enum(["true", "false"]).transform((v) => v === "true"),
  filter: z.enum(COURIER_FILTERS).catch("all"),
  q: z.string().max(100).catch(""),
});
export const courierToggleValidator = withZod(courierToggleSchema);
export const COURIER_TOGGLE_INVALID = "Choose a courier and whether to activate it.";
