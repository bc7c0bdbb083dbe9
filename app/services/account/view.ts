/**
 * The account set-up page's URL state (docs/architecture.md §4: every view state is in the URL): which
 * sections are open (`?open=kyc,business`), the rotate-token confirmation (`?confirm=rotate-token`)
 * and the profile-completed card after a KYC submit (`?completed=1`). Pure.
 */
export const SECTIONS = ["kyc", "business", "config", "wallet", "history"] as const;
export type Section = (typeof SECTIONS)[number];
export const SECTION_TITLES: Record<Section, string> = {
  kyc: "KYC Details",
  business: "Business Details",
  config: "Pickrr Configuration",
  wallet: "Wallet Configuration",
  history: "History",
};

export type AccountView = { open: Section[]; confirmRotate: boolean; completed: boolean };

/** No `open` parameter: KYC Details open (the first thing to do); `open=` (empty): all closed. */
export function parseAccountView(params: URLSearchParams): AccountView {
  const raw = params.get("open");
  const open = raw === null ? (["kyc"] as Section[]) : SECTIONS.filter((s) => raw.split(",").includes(s));
  return { open, confirmRotate: params.get("confirm") === "rotate-token", completed: params.get("completed") === "1" };
}

export function accountHref(clientId: number, view: Partial<AccountView> & { open: Section[] }): string {
  const params = new URLSearchParams();
  params.set("open", SECTIONS.filter((s) => view.open.includes(s)).join(","));
  if (view.confirmRotate) params.set("confirm", "rotate-token");
  if (view.completed) params.set("completed", "1");
  return `/all-users/${clientId}/account-setup?${params.toString().replace(/%2C/g, ",")}`;
}

/** The link a section's header is: opens it, or closes it when open. */
export function toggleHref(clientId: number, view: AccountView, section: Section): string {
  const open = view.open.includes(section) ? view.open.filter((s) => s !== section) : [...view.open, section];
  return accountHref(clientId, { open });
}

/** How long the profile-completed card stays (docs/product.md §9). */
export const PROFILE_CARD_MS = 15_000;
