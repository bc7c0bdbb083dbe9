/**
 * Order statuses and how an order's state follows from its scan events (decision 023): events may
 * arrive out of order, so they are applied by event time, never by arrival.
 */
export const ORDER_STATUSES = [
  "placed",
  "pickup_scheduled",
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "ndr",
  "rto_initiated",
  "rto_delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  pickup_scheduled: "Pickup scheduled",
  picked_up: "Picked up",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  ndr: "Undelivered (NDR)",
  rto_initiated: "RTO initiated",
  rto_delivered: "RTO delivered",
  cancelled: "Cancelled",
};

export const isOrderStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

export type ScanEvent = { status: OrderStatus; at: Date; courier_event_id: string };

export type DerivedState = {
  current_status: OrderStatus;
  /** First pickup scan. */
  pickup_at: Date | null;
  delivered_at: Date | null;
  rto_at: Date | null;
};

/** Terminal states: a later-timed scan of another kind does not undo them. */
const TERMINAL: ReadonlySet<OrderStatus> = new Set(["delivered", "rto_delivered", "cancelled"]);

/**
 * The order's state from its events, in event-time order (ties by the courier's event id, so
 * the answer never depends on arrival order). With no events the order is just placed.
 */
export function deriveState(events: readonly ScanEvent[]): DerivedState {
  const sorted = [...events].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.courier_event_id.localeCompare(b.courier_event_id),
  );
  let current: OrderStatus = "placed";
  let pickup_at: Date | null = null;
  let delivered_at: Date | null = null;
  let rto_at: Date | null = null;
  for (const e of sorted) {
    if (TERMINAL.has(current)) break;
    current = e.status;
    if (e.status === "picked_up" && !pickup_at) pickup_at = e.at;
    if (e.status === "delivered") delivered_at = e.at;
    if (e.status === "rto_initiated" && !rto_at) rto_at = e.at;
  }
  return { current_status: current, pickup_at, delivered_at, rto_at };
}
