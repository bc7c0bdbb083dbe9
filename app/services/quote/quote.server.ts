/**
 * The quote and serviceability services behind the Rate Calculator and Serviceability tabs
 * and the shipment-calculator-v3 / pincode-serviceability-v3 endpoints (docs/product.md §7).
 * They read the cached quote data (quote-data.server.ts) and call the pure engine.
 */
import { type FieldErrors, type Invalid, invalid } from "../core/result";
import { transportModeFor } from "../core/transport";
import type { Db } from "../db/client.server";
import {
  type LaneFlags,
  laneFlags,
  laneServiceability,
  pricedLaneFlags,
  type PricedShipmentTypes,
  unpackFlags,
} from "../serviceability/flags";
import { type CourierCandidate, quote, type QuoteResult, serviceTypeOf } from "./allocation";
import type { CalculatorInput } from "./calculator-form";
import { estimateDelivery } from "./delivery-date";
import { type ClientService, packedAt, type PincodeRecord, type QuoteData, quoteData } from "./quote-data.server";
import { zoneOf } from "./zone";

/**
 * A pincode the quote data does not know: invalid input, its message by its field (`field` names
 * it for the JSON endpoints' `{ err: "field: message" }`).
 */
export type PincodeRefusal = Invalid<{ field: string; fieldErrors: FieldErrors }>;
const pincodeRefusal = (field: string, message: string): PincodeRefusal =>
  invalid(message, { field, fieldErrors: { [field]: message } });

const UNKNOWN_PINCODE = "Please enter a valid pincode";

function findPincode(data: QuoteData, pincode: string | number) {
  const index = data.pincodes.indexOf.get(Number(pincode));
  return index === undefined ? null : { index, row: data.pincodes.rows[index] };
}

export type ClientQuote = QuoteResult & { pickup: PincodeRecord; drop: PincodeRecord };

/** A quote across every courier of the client, by its selection rule; a field error for an unknown pincode. */
export async function quoteForClient(
  db: Db,
  clientId: number,
  input: CalculatorInput,
  now: Date = new Date(),
  /** Whose card prices it: the one in force at this time (decision 075); `now` unless a later quote is asked for. */
  ratesAt: Date = now,
): Promise<{ ok: true; quote: ClientQuote } | PincodeRefusal> {
  return quoteFromData(await quoteData(db, clientId, ratesAt), clientId, input, now);
}

/**
 * The same quote from quote data already loaded: order placement and the order seed price
 * with exactly the Rate Calculator's engine and inputs, so a frozen charge agrees with it.
 */
export function quoteFromData(
  data: QuoteData,
  clientId: number,
  input: CalculatorInput,
  now: Date = new Date(),
): { ok: true; quote: ClientQuote } | PincodeRefusal {
  const pickup = findPincode(data, input.pickup_pincode);
  if (!pickup) return pincodeRefusal("pickup_pincode", UNKNOWN_PINCODE);
  const drop = findPincode(data, input.drop_pincode);
  if (!drop) return pincodeRefusal("drop_pincode", UNKNOWN_PINCODE);
  const config = data.client;
  if (!config) throw new Error(`Client ${clientId} has no quote data`);

  const shipmentType = input.shipment_type === "reverse" ? "REVERSE" : "FORWARD";
  const deliveryType = serviceTypeOf(input.delivery_mode);
  const candidates: CourierCandidate[] = config.services.map((s) => {
    const lane = laneServiceability(
      s,
      input.delivery_mode,
      unpackFlags(packedAt(data.serviceability, s.courier_id, pickup.index)),
      unpackFlags(packedAt(data.serviceability, s.courier_id, drop.index)),
    );
    const rateRow = s.rows[`${shipmentType}:${deliveryType}`] ?? null;
    return {
      courier_id: s.courier_service_id,
      name: s.name,
      parent_name: s.brand,
      is_active_for_client: s.is_active,
      has_surface: s.has_surface,
      is_air: s.is_air,
      supports_dg: s.supports_dg,
      supports_mps: s.supports_mps,
      supports_doc: s.supports_doc,
      pickup_serviceability: lane.pickup_serviceability,
      drop_serviceability: lane.drop_serviceability,
      rateRow,
      rtoRow: shipmentType === "FORWARD" ? (s.rows[`FORWARD_RTO:${deliveryType}`] ?? null) : null,
      tatAdjustDays: lane.extra_tat_days,
      limits: s.limits,
    };
  });
  const result = quote({
    candidates,
    shipment: {
      shipment_type: input.shipment_type,
      delivery_mode: input.delivery_mode,
      payment_mode: input.payment_mode,
      cod_amount: input.cod_amount,
      length: input.length,
      breadth: input.breadth,
      height: input.height,
      weight: input.weight,
      has_dg: input.has_dg,
      is_mps: input.is_mps,
      is_doc: input.is_doc,
      product_names: input.product_names,
      invoice_value: input.invoice_value ?? undefined,
    },
    pickup: pickup.row,
    drop: drop.row,
    now,
    rules: { rule_code: config.rule_code, customRules: config.customRules, selectRules: config.selectRules },
    surfaceOnly: config.surface_only,
  });
  if (config.unreadableRules.length > 0) result.explanation.push(...config.unreadableRules.map((r) => `Note: ${r}.`));
  return { ok: true, quote: { ...result, pickup: pickup.row, drop: drop.row } };
}

export type PincodeCourier = { name: string; courier_id: number; edd_stamp: string; is_air: boolean } & Omit<
  LaneFlags,
  "has_express"
>;

/** The spec's pincode result (docs/product.md §3). */
export type PincodeResult = {
  from_city: string;
  to_city: string;
  from_state: string;
  to_state: string;
  billing_zone: string;
  edd_stamp: string | null;
  has_express: boolean;
  has_surface: boolean;
  has_reverse: boolean;
  has_prepaid: boolean;
  has_cod: boolean;
  courier_list: PincodeCourier[];
};

/** Whether the client's card prices the service forward and in reverse (any delivery type). */
function pricedTypes(s: ClientService): PricedShipmentTypes {
  const keys = Object.keys(s.rows);
  return { forward: keys.some((k) => k.startsWith("FORWARD:")), reverse: keys.some((k) => k.startsWith("REVERSE:")) };
}

/** A service's options on a lane that its network carries and the client's rate card prices. */
function serviceLane(
  data: QuoteData,
  s: ClientService,
  priced: PricedShipmentTypes,
  sourceIndex: number,
  destinationIndex: number,
) {
  const flags = laneFlags(
    s,
    unpackFlags(packedAt(data.serviceability, s.courier_id, sourceIndex)),
    unpackFlags(packedAt(data.serviceability, s.courier_id, destinationIndex)),
  );
  return pricedLaneFlags(flags, priced);
}

/** The client's switched-on services its rate card prices at all: the only ones that can ship. */
function shippingServices(data: QuoteData) {
  return (data.client?.services ?? []).flatMap((service) => {
    if (!service.is_active) return [];
    const priced = pricedTypes(service);
    return priced.forward || priced.reverse ? [{ service, priced }] : [];
  });
}

/**
 * Which of the client's couriers can ship a lane, with what, and by when: switched on, its
 * network carries the lane, and the client's rate card prices it (forward options need a
 * FORWARD row, reverse a REVERSE row).
 */
export async function checkPincodeServiceability(
  db: Db,
  clientId: number,
  from: string,
  to: string,
  now: Date = new Date(),
): Promise<{ ok: true; result: PincodeResult } | PincodeRefusal> {
  const data = await quoteData(db, clientId);
  const source = findPincode(data, from);
  if (!source) return pincodeRefusal("from_pincode", "Please enter valid Pincode");
  const destination = findPincode(data, to);
  if (!destination) return pincodeRefusal("to_pincode", "Please enter valid Pincode");
  const zone = zoneOf(source.row, destination.row);
  const courier_list: PincodeCourier[] = [];
  const any = { has_express: false, has_surface: false, has_reverse: false, has_prepaid: false, has_cod: false };
  for (const { service: s, priced } of shippingServices(data)) {
    const lane = serviceLane(data, s, priced, source.index, destination.index);
    if (!lane) continue;
    const extra = unpackFlags(packedAt(data.serviceability, s.courier_id, destination.index))?.extra_tat_days ?? 0;
    const { edd_stamp } = estimateDelivery({ now, zone, mode: transportModeFor(s, "express"), adjustDays: extra });
    courier_list.push({
      name: s.name,
      courier_id: s.courier_service_id,
      edd_stamp,
      is_air: lane.has_express,
      has_surface: lane.has_surface,
      has_reverse: lane.has_reverse,
      has_prepaid: lane.has_prepaid,
      has_cod: lane.has_cod,
    });
    for (const k of Object.keys(any) as (keyof typeof any)[]) any[k] ||= lane[k];
  }
  courier_list.sort((a, b) =>
    a.edd_stamp < b.edd_stamp ? -1 : a.edd_stamp > b.edd_stamp ? 1 : a.name.localeCompare(b.name),
  );
  return {
    ok: true,
    result: {
      from_city: source.row.city,
      to_city: destination.row.city,
      from_state: source.row.state,
      to_state: destination.row.state,
      billing_zone: zone,
      edd_stamp: courier_list[0]?.edd_stamp ?? null,
      ...any,
      courier_list,
    },
  };
}

const yesNo = (b: boolean) => (b ? "Yes" : "No");

export const SERVICEABLE_PINCODES_COLUMNS = [
  "Pincode",
  "City",
  "District",
  "State",
  "Express",
  "Surface",
  "Reverse",
  "Prepaid",
  "COD",
  "Couriers",
];

/**
 * Every destination the client can ship to from a source pincode, with per-mode flags, as
 * CSV records generated lazily (the caller streams them): one row per destination that any
 * courier able to ship (as in the pincode check) serves from the source. Null when the source
 * is not a known pincode.
 */
export async function serviceablePincodeRecords(
  db: Db,
  clientId: number,
  source: string,
): Promise<Iterable<string[]> | null> {
  const data = await quoteData(db, clientId);
  const from = findPincode(data, source);
  if (!from) return null;
  const services = shippingServices(data);
  function* records(): Generator<string[]> {
    for (let index = 0; index < data.pincodes.rows.length; index++) {
      const flags = { has_express: false, has_surface: false, has_reverse: false, has_prepaid: false, has_cod: false };
      let count = 0;
      for (const { service, priced } of services) {
        const lane = serviceLane(data, service, priced, from!.index, index);
        if (!lane) continue;
        count++;
        for (const k of Object.keys(flags) as (keyof typeof flags)[]) flags[k] ||= lane[k];
      }
      if (count === 0) continue;
      const p = data.pincodes.rows[index];
      yield [
        String(p.pincode),
        p.city,
        p.district,
        p.state,
        yesNo(flags.has_express),
        yesNo(flags.has_surface),
        yesNo(flags.has_reverse),
        yesNo(flags.has_prepaid),
        yesNo(flags.has_cod),
        String(count),
      ];
    }
  }
  return records();
}

export const COURIER_PINCODES_COLUMNS = [
  "Pincode",
  "City",
  "District",
  "State",
  "Pickup",
  "Delivery",
  "COD",
  "Prepaid",
  "Reverse Pickup",
  "Express",
  "Surface",
  "Extra Days",
];

/**
 * Every pincode one of the client's courier services reaches on its own network (express
 * for air services, surface for surface services), with the courier's flags there.
 * Null when the service is not switched on for the client.
 */
export async function courierPincodeRecords(db: Db, clientId: number, courierServiceId: number) {
  const data = await quoteData(db, clientId);
  const service = data.client?.services.find((s) => s.courier_service_id === courierServiceId);
  if (!service) return null;
  const slots = data.serviceability.byCourier.get(service.courier_id);
  function* records(): Generator<string[]> {
    if (!slots) return;
    for (let index = 0; index < slots.length; index++) {
      const f = unpackFlags(slots[index]);
      if (!f) continue;
      const express = service!.is_air && f.express;
      const surface = service!.has_surface && f.surface;
      if (!express && !surface) continue;
      const p = data.pincodes.rows[index];
      yield [
        String(p.pincode),
        p.city,
        p.district,
        p.state,
        yesNo(f.fm_pickup),
        yesNo(f.lm_delivery),
        yesNo(f.cod),
        yesNo(f.prepaid),
        yesNo(f.reverse_pickup),
        yesNo(express),
        yesNo(surface),
        String(f.extra_tat_days),
      ];
    }
  }
  return { service: { id: service.courier_service_id, name: service.name }, records: records() };
}
