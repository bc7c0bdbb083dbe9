/**
 * The demo GST registrations (decision 026): one per demo client, with a real-format GSTIN whose
 * check character is right, worked out without a database so browser tests can name a
 * client's GSTIN (as plannedDemoClients names its rows). The seeder (account.server.ts) writes
 * the same rows.
 */
import { type CompanyType, makeGstin, stateCodeOf } from "../account/gstin";
import { DEFAULT_SEED, planPeople, SEED_REFERENCE_DATE } from "./people";
import { createPrng, type Prng } from "./prng";
import type { SeedOptions } from "./seeder";

/** Well-known pincodes (all in the pincode table) with a city that fits the KYC's 10 characters. */
const PLACES = [
  { pincode: "400050", city: "Mumbai", state: "Maharashtra", street: "Linking Road" },
  { pincode: "411001", city: "Pune", state: "Maharashtra", street: "MG Road" },
  { pincode: "560001", city: "Bengaluru", state: "Karnataka", street: "Brigade Road" },
  { pincode: "110001", city: "New Delhi", state: "Delhi", street: "Connaught Place" },
  { pincode: "600001", city: "Chennai", state: "Tamil Nadu", street: "Anna Salai" },
  { pincode: "700001", city: "Kolkata", state: "West Bengal", street: "Park Street" },
  { pincode: "500001", city: "Hyderabad", state: "Telangana", street: "Abids Road" },
  { pincode: "380001", city: "Ahmedabad", state: "Gujarat", street: "Relief Road" },
  { pincode: "302001", city: "Jaipur", state: "Rajasthan", street: "MI Road" },
  { pincode: "226001", city: "Lucknow", state: "Uttar Pradesh", street: "Hazratganj" },
] as const;

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export type PlannedRegistration = {
  clientId: number;
  gstin: string;
  pan: string;
  /** The company type the PAN's holder letter stands for. */
  company_type: CompanyType;
  company_name: string;
  billing_address: string;
  billing_address_line2: string;
  city: string;
  pincode: string;
  state: string;
};

/** One client's registration, drawn from `rng` (the same draws in the seeder and the planner). */
export function planRegistration(rng: Prng, client: { id: number; company_name: string }): PlannedRegistration {
  const place = rng.pick(PLACES);
  const company_type = rng.weighted<CompanyType>([
    ["pvt_ltd", 55],
    ["partnership", 15],
    ["llp", 10],
    ["individual", 20],
  ]);
  const holder = { pvt_ltd: "C", ltd: "C", llp: "F", partnership: "F", individual: "P" }[company_type];
  const initial =
    client.company_name
      .replace(/[^A-Za-z]/g, "")
      .charAt(0)
      .toUpperCase() || "X";
  const letters = (n: number) => Array.from({ length: n }, () => LETTERS[rng.int(0, 25)]).join("");
  const pan = `${letters(3)}${holder}${initial}${String(rng.int(0, 9999)).padStart(4, "0")}${letters(1)}`;
  const stateCode = stateCodeOf(place.state)!;
  return {
    clientId: client.id,
    gstin: makeGstin(stateCode, pan, "1"),
    pan,
    company_type,
    company_name: client.company_name.slice(0, 150),
    billing_address: `${rng.int(1, 250)}, ${place.street}`,
    billing_address_line2: `Floor ${rng.int(1, 9)}, Unit ${rng.int(1, 40)}`,
    city: place.city,
    pincode: place.pincode,
    state: place.state,
  };
}

/** The registrations of the clients, in id order, from the seed's "gst-registry" stream. */
export function planRegistrations(
  root: Prng,
  clients: readonly { id: number; company_name: string }[],
): PlannedRegistration[] {
  const rng = root.fork("gst-registry");
  const taken = new Set<string>();
  return clients.map((c) => {
    let r = planRegistration(rng, c);
    while (taken.has(r.gstin)) r = planRegistration(rng, c); // GSTINs are unique
    taken.add(r.gstin);
    return r;
  });
}

/** The demo seed's registrations, without a database (for tests). */
export function plannedGstRegistrations(opts: SeedOptions = {}): PlannedRegistration[] {
  const root = createPrng(opts.seed ?? DEFAULT_SEED);
  const { clientPlans } = planPeople(root, opts.scale ?? "demo", opts.referenceDate ?? SEED_REFERENCE_DATE);
  return planRegistrations(
    createPrng(opts.seed ?? DEFAULT_SEED),
    clientPlans.map((c, i) => ({ id: i + 1, company_name: c.row.company_name })),
  );
}
