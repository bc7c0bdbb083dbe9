/**
 * The demo's people, planned without a database: the staff hierarchy (vp → avp → bdm → tl,
 * KAMs, legal, the finance approvers) and the clients with their businesses, configuration
 * and courier switches. All randomness comes from the Prng handed in, so the same seed plans
 * the same people — seedDemoData writes them, and tests name them without reading them back.
 */
import type { StaffRole } from "../core/roles";
import type { BusinessData, clients, PickrrConfig } from "../db/schema";
import { DEFAULT_FINANCE_APPROVER_EMAILS } from "../settings/finance-approvers";
import {
  bankAccount,
  companyEmail,
  companyName,
  COURIER_SERVICES,
  mobileNumber,
  type PersonName,
  personName,
  PRODUCT_CATEGORY_WEIGHTS,
  type ProductCategory,
  slugify,
} from "./demo-data";
import { createPrng, type Prng } from "./prng";
import type { SeedOptions, SeedScale } from "./seeder";

export const DEFAULT_SEED = 20240601;
export const SEED_REFERENCE_DATE = new Date("2026-11-01T00:00:00Z");

export const DEMO_PASSWORD = "demo-password";

export type DemoAccount = { email: string; name: string; role: StaffRole };

const [approver1, approver2, approver3, approver4, approver5, approver6] = DEFAULT_FINANCE_APPROVER_EMAILS;

/**
 * The accounts one can sign in with (password DEMO_PASSWORD). vp → avp → bdm → tl form one
 * reporting chain; the six finance approvers are KAMs named in FINANCE_APPROVER_EMAILS.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "vp@demo.test", name: "Rajesh Malhotra", role: "vp" },
  { email: "avp@demo.test", name: "Priya Raghavan", role: "avp" },
  { email: "bdm@demo.test", name: "Arjun Mehta", role: "bdm" },
  { email: "tl@demo.test", name: "Sneha Kulkarni", role: "tl" },
  { email: "kam@demo.test", name: "Vikram Nair", role: "kam" },
  { email: "legal@demo.test", name: "Ananya Iyer", role: "legal" },
  { email: approver1, name: "Suresh Agarwal", role: "kam" },
  { email: approver2, name: "Meera Krishnan", role: "kam" },
  { email: approver3, name: "Imran Qureshi", role: "kam" },
  { email: approver4, name: "Kavita Deshpande", role: "kam" },
  { email: approver5, name: "Harpreet Singh", role: "kam" },
  { email: approver6, name: "Lakshmi Menon", role: "kam" },
];

const SCALES = {
  demo: { vp: 3, avp: 6, bdm: 12, tl: 24, clients: 300 },
  large: { vp: 6, avp: 12, bdm: 24, tl: 48, clients: 2500 },
} as const;

/** tl@demo.test's share of all clients: enough to page through, but not most of the book. */
const DEMO_TL_CLIENT_SHARE = 0.07;

export const DAY_MS = 86_400_000;

/**
 * The clients seedDemoData writes, in insert order (so `id` is the row id of a freshly seeded
 * database), worked out without a database: the same forks of the same Prng. Browser tests
 * use it to name seeded clients, and the auth tokens their sellers hold, without seeding a
 * copy of the database.
 */
export function plannedDemoClients(opts: SeedOptions = {}): {
  id: number;
  name: string;
  email: string;
  has_token: boolean;
  chain: Chain;
  has_bank: boolean;
  has_wallet: boolean;
  segment: string | null;
  disable_legal: boolean;
}[] {
  const { clientPlans } = planPeople(
    createPrng(opts.seed ?? DEFAULT_SEED),
    opts.scale ?? "demo",
    opts.referenceDate ?? SEED_REFERENCE_DATE,
  );
  return clientPlans.map((c, i) => ({
    id: i + 1,
    name: c.row.name,
    email: c.row.email,
    has_token: c.row.auth_token != null,
    chain: c.chain,
    has_bank: c.row.business_data.account_number != null,
    has_wallet: c.row.pickrr_config.has_wallet,
    segment: c.row.business_data.tin_number,
    disable_legal: c.row.pickrr_config.disable_legal,
  }));
}

/** Staff and clients (the one place both seedDemoData and plannedDemoClients plan them). */
export function planPeople(
  root: Prng,
  scale: SeedScale,
  referenceDate: Date,
): { plan: HierarchyPlan; clientPlans: ClientPlan[] } {
  const plan = planStaff(root.fork("staff"), SCALES[scale], referenceDate);
  const clientPlans = planClients(root.fork("clients"), SCALES[scale].clients, plan, referenceDate);
  for (const c of pickClientsWithoutToken(root.fork("tokenless-clients"), clientPlans)) c.row.auth_token = null;
  return { plan, clientPlans };
}

/** How many demo clients have no auth token (docs/product.md §6: their downloads and uploads are disabled). */
export const CLIENTS_WITHOUT_TOKEN = 3;

/**
 * The clients seeded without an auth token: outside the demo avp@ → bdm@ → tl@ chain (whose
 * clients the browser tests edit) and not among the first ten by id (tests and benchmarks
 * take those), chosen from a stream of their own so no other draw moves.
 */
function pickClientsWithoutToken(rng: Prng, clientPlans: readonly ClientPlan[]): ClientPlan[] {
  const demoAvp = DEMO_ACCOUNTS.find((a) => a.role === "avp")!.email;
  const eligible = clientPlans.filter((c, i) => i >= 10 && c.chain.avp !== demoAvp);
  return rng.sample(eligible, CLIENTS_WITHOUT_TOKEN);
}

/** The demo clients the seed leaves without an auth token, for tests that need one (planning only; no database). */
export function demoClientsWithoutToken(opts: SeedOptions = {}): { email: string; company_name: string }[] {
  const { clientPlans } = planPeople(
    createPrng(opts.seed ?? DEFAULT_SEED),
    opts.scale ?? "demo",
    opts.referenceDate ?? SEED_REFERENCE_DATE,
  );
  return clientPlans
    .filter((c) => c.row.auth_token == null)
    .map((c) => ({ email: c.row.email, company_name: c.row.company_name }));
}

type StaffPlan = {
  name: string;
  email: string;
  role: StaffRole;
  managerEmail: string | null;
  createdAt: Date;
};

type Chain = { vp: string; avp: string; bdm: string; tl: string };

type HierarchyPlan = {
  /** Insert order: each level's managers are in an earlier level. */
  levels: StaffPlan[][];
  /** Every TL's full chain, by TL email; the demo TL first. */
  chains: Chain[];
};

/** A date `minDays`–`maxDays` before the reference, at a working hour in India (09:00–20:00 IST). */
export function dateBefore(rng: Prng, reference: Date, minDays: number, maxDays: number): Date {
  const day = Math.floor(reference.getTime() / DAY_MS) - rng.int(minDays, maxDays);
  const istOffsetMinutes = 330;
  const minuteOfDay = rng.int(9 * 60, 20 * 60 - 1) - istOffsetMinutes;
  return new Date(day * DAY_MS + minuteOfDay * 60_000 + rng.int(0, 59) * 1000);
}

function planStaff(rng: Prng, counts: (typeof SCALES)[SeedScale], reference: Date): HierarchyPlan {
  const demoAccountFor = (role: StaffRole) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
  const usedNames = new Set(DEMO_ACCOUNTS.map((a) => a.name));
  const usedEmails = new Set(DEMO_ACCOUNTS.map((a) => a.email));

  function newPerson(): { name: string; email: string } {
    for (;;) {
      const p = personName(rng);
      const email = `${slugify(p.first)}.${slugify(p.last)}@demo.test`;
      if (usedNames.has(p.full) || usedEmails.has(email)) continue;
      usedNames.add(p.full);
      usedEmails.add(email);
      return { name: p.full, email };
    }
  }

  // Seniority shows in tenure: VPs have been around longest, TLs the shortest.
  const tenureDays: Record<StaffRole, [number, number]> = {
    vp: [1100, 1500],
    avp: [900, 1400],
    bdm: [500, 1300],
    tl: [120, 1100],
    kam: [200, 1200],
    legal: [300, 1200],
  };

  /**
   * `count` people of a role, spread evenly over their managers (child i reports to manager
   * ⌊i·m/count⌋). Slot 0 is the demo account, reporting to the previous level's slot 0,
   * which is how vp@ → avp@ → bdm@ → tl@ form one chain; bdm@ also gets slot 1's TL.
   */
  function level(role: "vp" | "avp" | "bdm" | "tl", count: number, managers: StaffPlan[] | null): StaffPlan[] {
    return Array.from({ length: count }, (_, i) => {
      const person = i === 0 ? demoAccountFor(role) : newPerson();
      const manager = managers ? managers[Math.floor((i * managers.length) / count)] : null;
      const [minDays, maxDays] = tenureDays[role];
      return {
        name: person.name,
        email: person.email,
        role,
        managerEmail: manager?.email ?? null,
        createdAt: dateBefore(rng, reference, minDays, maxDays),
      };
    });
  }

  const vps = level("vp", counts.vp, null);
  const avps = level("avp", counts.avp, vps);
  const bdms = level("bdm", counts.bdm, avps);
  const tls = level("tl", counts.tl, bdms);
  // KAMs, legal and the finance approvers sit outside the sales chain.
  const others: StaffPlan[] = DEMO_ACCOUNTS.filter((a) => a.role === "kam" || a.role === "legal").map((a) => ({
    name: a.name,
    email: a.email,
    role: a.role,
    managerEmail: null,
    createdAt: dateBefore(rng, reference, ...tenureDays[a.role]),
  }));

  const byEmail = new Map([...vps, ...avps, ...bdms].map((p) => [p.email, p]));
  const chains = tls.map((tl) => {
    const bdm = byEmail.get(tl.managerEmail!)!;
    const avp = byEmail.get(bdm.managerEmail!)!;
    return { tl: tl.email, bdm: bdm.email, avp: avp.email, vp: avp.managerEmail! };
  });
  return { levels: [vps, avps, bdms, tls, others], chains };
}

export type ClientPlan = {
  row: Omit<typeof clients.$inferInsert, "tl_id" | "bdm_id" | "avp_id" | "vp_id">;
  chain: Chain;
  services: { id: number; active: boolean }[];
};

function planClients(rng: Prng, count: number, hierarchy: HierarchyPlan, reference: Date): ClientPlan[] {
  // Who looks after whom: tl@demo.test gets a fixed share; the other TLs' books vary in size
  // like real ones do. The list is shuffled so the demo TL's clients span all join dates.
  const [demoChain, ...otherChains] = hierarchy.chains;
  const demoShare = Math.round(count * DEMO_TL_CLIENT_SHARE);
  const bookSizes = otherChains.map((c) => [c, rng.float(0.4, 1.6)] as const);
  const owners = rng.shuffle([
    ...Array.from({ length: demoShare }, () => demoChain),
    ...Array.from({ length: count - demoShare }, () => rng.weighted(bookSizes)),
  ]);

  // Owners are unique people, and none shares a name with staff, so a search by name finds
  // the one person a test or a demo expects.
  const usedNames = new Set(hierarchy.levels.flat().map((s) => s.name));
  const usedCompanies = new Set<string>();
  const usedEmails = new Set<string>();
  const usedPhones = new Set<string>();

  return owners.map((chain) => {
    let owner = personName(rng);
    while (usedNames.has(owner.full)) owner = personName(rng);
    usedNames.add(owner.full);
    const category = rng.weighted(PRODUCT_CATEGORY_WEIGHTS);
    let company = companyName(rng, category);
    while (usedCompanies.has(slugify(company.core))) company = companyName(rng, category);
    usedCompanies.add(slugify(company.core));
    let email = companyEmail(rng, company, owner);
    while (usedEmails.has(email)) email = companyEmail(rng, company, owner);
    usedEmails.add(email);
    let phone = mobileNumber(rng);
    while (usedPhones.has(phone)) phone = mobileNumber(rng);
    usedPhones.add(phone);

    // Sign-ups grow over time: the square root skews join dates toward the recent past.
    const daysAgo = Math.max(1, Math.round(3 * 365 * (1 - Math.sqrt(rng.next()))));
    const business = businessData(rng, category, company.name, company.core, owner);
    const config = pickrrConfig(rng, business, slugify(company.core), phone);
    return {
      row: {
        name: owner.full,
        email,
        company_name: company.name,
        phone_number: phone,
        date_joined: dateBefore(rng, reference, daysAgo, daysAgo),
        // Only whether the client has a token: the seed writes a random one per install
        // (seed.server.ts), never this draw, which stays so the later draws do not move.
        auth_token: rng.hex(20),
        password_hash: null,
        business_data: business,
        pickrr_config: config,
      },
      chain,
      services: courierSwitches(rng, category, config.surface_only),
    };
  });
}

function businessData(
  rng: Prng,
  category: ProductCategory,
  companyName: string,
  companyCore: string,
  owner: PersonName,
): BusinessData {
  const slug = slugify(companyCore);
  // A long tail: most sellers ship a handful a day, a few ship hundreds.
  const avgPerDay = rng.weighted<[number, number]>([
    [[1, 10], 50],
    [[11, 50], 30],
    [[51, 200], 15],
    [[201, 1000], 5],
  ]);
  const avg = rng.int(avgPerDay[0], avgPerDay[1]);
  const bank = rng.chance(0.7) ? bankAccount(rng) : null;
  return {
    label_logo: rng.chance(0.3) ? `https://cdn.demo.test/label-logos/${slug}.png` : null,
    account_holder: rng.weighted<1 | 2 | 3 | 4>([
      [1, 50],
      [2, 30],
      [3, 8],
      [4, 12],
    ]),
    product_category: category,
    // Proprietors often settle to a personal account; banks print names in capitals.
    account_name: bank ? (rng.chance(0.2) ? owner.full : companyName).toUpperCase() : null,
    account_number: bank?.account_number ?? null,
    bank_name: bank?.bank_name ?? null,
    ifsc_code: bank?.ifsc_code ?? null,
    avg_per_day_order: avg,
    daily_order_threshold: rng.chance(0.6) ? Math.ceil((avg * rng.int(2, 4)) / 10) * 10 : null,
    tin_number: rng.weighted([
      ["Segment_1", 20],
      ["Segment_2", 35],
      ["Segment_3", 45],
    ]),
    agreement_link: rng.chance(0.6) ? `https://docs.demo.test/agreements/${slug}-v1.pdf` : null,
    liability_amount: rng.chance(0.5) ? rng.pick(["2500.00", "5000.00", "10000.00", "25000.00", "50000.00"]) : null,
    key: rng.chance(0.35) ? `SME${rng.int(10_000, 99_999)}` : null,
  };
}

function pickrrConfig(rng: Prng, business: BusinessData, companySlug: string, phone: string): PickrrConfig {
  const hasWallet = rng.chance(0.2);
  return {
    allow_duplicate_cid: rng.chance(0.1),
    api_token: rng.chance(0.35),
    deduct_cod: rng.chance(0.25),
    from_mobile: rng.chance(0.15),
    has_fixed_rto_add: rng.chance(0.3),
    has_invoice_table_label: rng.chance(0.2),
    has_wallet: hasWallet,
    is_marketplace: business.account_holder === 2 ? rng.chance(0.8) : rng.chance(0.05),
    is_premium: rng.chance(0.1),
    ndr_messaging: rng.chance(0.6),
    order_id_barcode: rng.chance(0.5),
    pickup_notification: rng.chance(0.7),
    reference_id_barcode: rng.chance(0.3),
    send_performance_report: rng.chance(0.4),
    sms_notify: rng.chance(0.75),
    surface_only: rng.chance(0.12),
    wallet_alert: hasWallet && rng.chance(0.7),
    disable_legal: rng.chance(0.05),
    // Prepaid wallet sellers get no credit; billed sellers get the usual terms.
    credit_period: hasWallet
      ? 0
      : rng.weighted([
          [0, 30],
          [7, 25],
          [10, 5],
          [15, 25],
          [21, 5],
          [30, 10],
        ]),
    // Sellers with a branded tracking page pick a short code, usually from their name.
    tracking_code: rng.chance(0.2) ? companySlug.slice(0, 4).toUpperCase() + rng.int(10, 99) : null,
    support_phone_number: rng.chance(0.5) ? (rng.chance(0.6) ? phone : mobileNumber(rng)) : null,
    otp: rng.weighted([
      [4, 60],
      [3, 10],
      [5, 15],
      [6, 10],
      [8, 5],
    ]),
  };
}

/**
 * A seller's switched-on services: 6–15 picked by popularity (heavy services more likely
 * for electronics and home goods, none by air for surface-only sellers), a few paused.
 */
function courierSwitches(rng: Prng, category: ProductCategory, surfaceOnly: boolean): ClientPlan["services"] {
  const bulky = category === "electronics" || category === "others";
  let pool = COURIER_SERVICES.filter((s) => !(surfaceOnly && s.is_air && !s.has_surface)).map(
    (s) => [s.id, s.popularity * (bulky && s.forward_first_slab >= 5 ? 3 : 1)] as [number, number],
  );
  const picked: number[] = [];
  for (let n = rng.int(6, 15); n > 0 && pool.length > 0; n--) {
    const id = rng.weighted(pool);
    picked.push(id);
    pool = pool.filter(([x]) => x !== id);
  }
  picked.sort((a, b) => a - b);
  const services = picked.map((id) => ({ id, active: !rng.chance(0.1) }));
  if (services.every((s) => !s.active)) services[0].active = true;
  return services;
}
