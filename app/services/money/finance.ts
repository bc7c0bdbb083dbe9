/** Finance Analytics' words (docs/product.md §2, §8), pure: shared by the page and the service. */
export const FINANCE_MESSAGES = {
  scheduled: "E-mail scheduled for your Complete Financial Analysis",
  failed: "Oops, something went wrong.",
} as const;
