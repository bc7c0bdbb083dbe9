/**
 * How far each courier's network reaches: configuration data for the serviceability seed
 * (and for anyone asking "why does Gati not deliver to 799001?"). The seed turns these
 * shares into rows with a deterministic hash of courier, district and pincode, so the same
 * pincode table always gives the same coverage, on PGlite and on PostgreSQL alike.
 *
 * Shape of a realistic Indian courier network:
 * - a national courier serves nearly every district and most pincodes in them (≈ 90–98 %),
 *   every metro pincode, and fewer in the special zones (North-East, J&K, islands, hills);
 * - a regional courier serves only its states, densely;
 * - pickup (first mile) is thinner than delivery; COD a little thinner than prepaid; reverse
 *   pickup thinner still; express (air-linked) reaches metros always and other places less.
 */
import { COURIER_CATALOGUE, type CourierSpec } from "./demo-data";

export type CoverageProfile = {
  /** The courier brand, as in `couriers.name`. */
  courier: string;
  /** Share of districts (in its area) the courier serves at all. */
  district_share: number;
  /** Share of pincodes of a served district it delivers to. */
  pincode_share: number;
  /** Multiplies the shares in special-zone pincodes (thinner networks there). */
  special_factor: number;
  fm_share: number;
  cod_share: number;
  reverse_share: number;
  /** Share of served non-metro pincodes its express (air-linked) service reaches. */
  express_share: number;
  surface_share: number;
  /** Whether the courier sells express (air) and surface services at all. */
  has_air: boolean;
  has_surface: boolean;
};

type Tuning = Partial<Omit<CoverageProfile, "courier" | "has_air" | "has_surface">>;

const NATIONAL: Omit<CoverageProfile, "courier" | "has_air" | "has_surface"> = {
  district_share: 0.99,
  pincode_share: 0.98,
  special_factor: 0.85,
  fm_share: 0.8,
  cod_share: 0.94,
  reverse_share: 0.72,
  express_share: 0.7,
  surface_share: 0.99,
};

const REGIONAL: Omit<CoverageProfile, "courier" | "has_air" | "has_surface"> = {
  district_share: 1,
  pincode_share: 0.95,
  special_factor: 0.75,
  fm_share: 0.85,
  cod_share: 0.9,
  reverse_share: 0.6,
  express_share: 0.5,
  surface_share: 1,
};

/** Where a brand differs from the usual national or regional network. */
const TUNING: Readonly<Record<string, Tuning>> = {
  // The largest networks reach almost everywhere.
  Delhivery: { district_share: 0.995, pincode_share: 0.985, special_factor: 0.92 },
  "India Post": { district_share: 1, pincode_share: 0.975, special_factor: 1, reverse_share: 0.3, cod_share: 0.97 },
  // Premium air courier: fewer pincodes, express almost everywhere it goes.
  "Blue Dart": { pincode_share: 0.965, express_share: 0.9, reverse_share: 0.6 },
  // Hyperlocal-born and heavy-freight networks are thinner outside cities and in special zones.
  Shadowfax: { district_share: 0.995, pincode_share: 0.98, special_factor: 0.8 },
  Smartr: { district_share: 0.995, pincode_share: 0.98, special_factor: 0.8 },
  Gati: { pincode_share: 0.96, cod_share: 0.8, reverse_share: 0.4 },
  Safexpress: { district_share: 0.98, pincode_share: 0.95, cod_share: 0.7, reverse_share: 0.2 },
  "Ekart Large": { pincode_share: 0.96, reverse_share: 0.5 },
  Dotzot: { district_share: 0.98, pincode_share: 0.96 },
  Trackon: { district_share: 0.98, pincode_share: 0.965 },
};

export function coverageProfile(spec: CourierSpec): CoverageProfile {
  const base = spec.coverage === "national" ? NATIONAL : REGIONAL;
  return {
    ...base,
    ...TUNING[spec.name],
    courier: spec.name,
    has_air: spec.services.some((s) => s.is_air),
    has_surface: spec.services.some((s) => s.has_surface),
  };
}

/** One profile per courier of the catalogue. */
export const COVERAGE_PROFILES: readonly CoverageProfile[] = COURIER_CATALOGUE.map(coverageProfile);
