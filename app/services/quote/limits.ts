/**
 * A courier service's package limits (decision 071): the heaviest dead weight, the heaviest
 * chargeable weight (the greater of dead and volumetric at the service's own divisor) and the
 * longest side it carries. The quote engine leaves out a service whose limits a shipment exceeds
 * and says why, one sentence per limit; a shipment exactly at a limit is carried.
 *
 * Pure, in the engine's integers (grams, hundredths of a centimetre): the limits are compiled
 * once when the quote data is loaded (quote-data.server.ts), and a check is three comparisons.
 */
import { parseScaledDecimal } from "../core/money";
import type { Decimalish } from "./pricing";

/** The limits as stored (courier_services): kg and cm, as numeric text or numbers. */
export type ServiceLimits = {
  max_dead_weight: Decimalish;
  max_chargeable_weight: Decimalish;
  max_side: Decimalish;
};

/** The same in grams and hundredths of a centimetre. */
export type CompiledLimits = {
  dead_grams: number;
  chargeable_grams: number;
  side_hundredths: number;
};

export function compileLimits(l: ServiceLimits): CompiledLimits {
  return {
    dead_grams: parseScaledDecimal(l.max_dead_weight, 3),
    chargeable_grams: parseScaledDecimal(l.max_chargeable_weight, 3),
    side_hundredths: parseScaledDecimal(l.max_side, 2),
  };
}

/** What the limits are checked against: the figures pricing already worked out for the service. */
export type MeasuredShipment = {
  dead_weight_grams: number;
  /** At the service's own divisor. */
  chargeable_weight_grams: number;
  divisor: number;
  /** Length, breadth and height in hundredths of a centimetre. */
  sides_hundredths: readonly number[];
};

/** Grams or hundredths as their shortest exact text: 30000 g → "30", 1250 g → "1.25". */
const kg = (grams: number) => String(grams / 1000);
const cm = (hundredths: number) => String(hundredths / 100);

/** Each limit the shipment is over, as its own sentence (without the service's name); empty when it fits. */
export function limitBreaches(limits: CompiledLimits, m: MeasuredShipment): string[] {
  const breaches: string[] = [];
  if (m.dead_weight_grams > limits.dead_grams)
    breaches.push(`over its ${kg(limits.dead_grams)} kg limit (dead weight ${kg(m.dead_weight_grams)} kg)`);
  if (m.chargeable_weight_grams > limits.chargeable_grams)
    breaches.push(
      `over its ${kg(limits.chargeable_grams)} kg chargeable weight limit (chargeable weight ${kg(m.chargeable_weight_grams)} kg at divisor ${m.divisor})`,
    );
  let longest = 0;
  for (const side of m.sides_hundredths) if (side > longest) longest = side;
  if (longest > limits.side_hundredths)
    breaches.push(`over its ${cm(limits.side_hundredths)} cm side limit (longest side ${cm(longest)} cm)`);
  return breaches;
}

/** A service left out for its limits, and the sentences that say why. */
export type OverLimitService = { courier_id: number; courier: string; reasons: string[] };

/** One sentence per limit, each naming its service: "Smartr Air 0.5kg: over its 30 kg limit (dead weight 150 kg)." */
export function overLimitSentences(services: readonly OverLimitService[]): string[] {
  return services.flatMap((s) => s.reasons.map((r) => `${s.courier}: ${r}.`));
}

export const NO_SERVICE_CARRIES = "No active courier service can carry this shipment.";

/** The order API's refusal when every service that could otherwise take the order is over a limit. */
export function overLimitsRefusal(services: readonly OverLimitService[]): string {
  return [NO_SERVICE_CARRIES, ...overLimitSentences(services)].join(" ");
}
