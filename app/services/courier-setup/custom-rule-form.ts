/**
 * The New Rule / Edit Rule form of custom priority (docs/product.md §4, §5, §9; §5): a
 * service type, zones A–E, order types, and up to five courier slots, no courier twice, and
 * for surface only couriers with surface support. Pure: the routes and the service both parse
 * with it, so the messages are the same with JavaScript and without.
 */
import { type FieldErrors, type Invalid, invalid } from "../core/result";
import { boundedString, TEXT_LIMITS } from "../core/text-input";
import { type Zone, ZONES } from "../core/zones";
import { type CustomRule, MAX_PRIORITY_SLOTS, type OrderType, type ServiceType } from "../rules/rules";

export const ORDER_TYPES = ["cod", "prepaid", "reverse"] as const satisfies readonly OrderType[];
export const SERVICE_TYPES = ["express", "surface"] as const satisfies readonly ServiceType[];
export const SLOT_FIELDS = ["slot_1", "slot_2", "slot_3", "slot_4", "slot_5"] as const;

export const CUSTOM_RULE_MESSAGES = {
  serviceType: "Please choose a service type.",
  zones: "Please choose at least one zone.",
  orderTypes: "Please choose at least one order type.",
  couriers: "Please choose at least one courier.",
  duplicate: "Each courier can fill only one priority slot.",
  noSurface: "This courier has no surface service.",
  unknownCourier: "This courier is not one of the client's couriers.",
  invalid: "Some form fields are invalid.",
} as const;

/** A courier the client has, as the form offers it. */
export type CourierOption = { name: string; has_surface: boolean };

/** The couriers a slot may offer: every one for express, only those with surface support for surface. */
export function courierOptionsFor(service: ServiceType | null, couriers: readonly CourierOption[]): CourierOption[] {
  return service === "surface" ? couriers.filter((c) => c.has_surface) : [...couriers];
}

export type CustomRuleValues = {
  service_type: string;
  zone_list: string[];
  order_type: string[];
  slots: string[];
};

export function customRuleValues(form: FormData | URLSearchParams): CustomRuleValues {
  const text = (k: string) => String(form.get(k) ?? "");
  return {
    service_type: text("service_type"),
    zone_list: form.getAll("zone_list").map(String),
    order_type: form.getAll("order_type").map(String),
    slots: SLOT_FIELDS.map((k) => text(k).trim()),
  };
}

/** The rule, or invalid input with each field's message (the form shows them by their fields). */
export type ParsedCustomRule = { ok: true; rule: CustomRule } | Invalid<{ fieldErrors: FieldErrors }>;

/**
 * Checks the form against the client's couriers; slot order is priority order (empty slots
 * are skipped, so the couriers keep their relative order as slots 1…n).
 */
export function parseCustomRule(values: CustomRuleValues, couriers: readonly CourierOption[]): ParsedCustomRule {
  const fieldErrors: Record<string, string> = {};
  const service = (SERVICE_TYPES as readonly string[]).includes(values.service_type)
    ? (values.service_type as ServiceType)
    : null;
  if (!service) fieldErrors.service_type = CUSTOM_RULE_MESSAGES.serviceType;
  const zones = ZONES.filter((z) => values.zone_list.includes(z));
  if (zones.length === 0 || values.zone_list.some((z) => !(ZONES as readonly string[]).includes(z)))
    fieldErrors.zone_list = CUSTOM_RULE_MESSAGES.zones;
  const orders = ORDER_TYPES.filter((o) => values.order_type.includes(o));
  if (orders.length === 0 || values.order_type.some((o) => !(ORDER_TYPES as readonly string[]).includes(o)))
    fieldErrors.order_type = CUSTOM_RULE_MESSAGES.orderTypes;

  const byName = new Map(couriers.map((c) => [c.name, c]));
  const seen = new Set<string>();
  const chosen: string[] = [];
  values.slots.slice(0, MAX_PRIORITY_SLOTS).forEach((name, i) => {
    if (!name) return;
    const field = SLOT_FIELDS[i];
    const bounded = boundedString(TEXT_LIMITS.name).safeParse(name);
    const courier = bounded.success ? byName.get(name) : undefined;
    if (!courier) fieldErrors[field] = CUSTOM_RULE_MESSAGES.unknownCourier;
    else if (seen.has(name)) fieldErrors[field] = CUSTOM_RULE_MESSAGES.duplicate;
    else if (service === "surface" && !courier.has_surface) fieldErrors[field] = CUSTOM_RULE_MESSAGES.noSurface;
    seen.add(name);
    chosen.push(name);
  });
  if (chosen.length === 0) fieldErrors.slot_1 = CUSTOM_RULE_MESSAGES.couriers;
  if (Object.keys(fieldErrors).length > 0 || !service) return invalid(CUSTOM_RULE_MESSAGES.invalid, { fieldErrors });
  return {
    ok: true,
    rule: {
      service_type: service,
      zone_list: zones as Zone[],
      order_type: orders,
      courier_list: chosen.map((name, i) => ({ name, priority: i + 1 })),
    },
  };
}
