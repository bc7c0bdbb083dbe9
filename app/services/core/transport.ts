/**
 * How a parcel travels: the delivery mode a shipment is booked with and the transport mode a
 * courier service gives it. Shared by the quote engine (turnaround, allocation) and
 * serviceability (which network must reach both ends).
 */

/** The delivery mode of a shipment (docs/product.md §3 rate calculator): express, or heavy by road. */
export type DeliveryMode = "express" | "heavy_surface";

/** How the parcel travels: decides the one-day turnaround adjustment and the network used. */
export type TransportMode = "air" | "surface" | "mixed";

/**
 * The transport mode of a courier service for a delivery mode. Heavy surface shipments go
 * by road. An express shipment flies with an air-only service and rides with a surface-only
 * one; a service that does both (Speed Post) chooses per parcel, so it gets no adjustment.
 */
export function transportModeFor(
  courier: { is_air: boolean; has_surface: boolean },
  delivery_mode: DeliveryMode,
): TransportMode {
  if (delivery_mode === "heavy_surface") return "surface";
  if (courier.is_air && !courier.has_surface) return "air";
  if (courier.has_surface && !courier.is_air) return "surface";
  return "mixed";
}
