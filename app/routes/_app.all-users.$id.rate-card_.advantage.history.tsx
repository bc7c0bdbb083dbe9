/** The rate change history over the Pickrr Advantage tab: the same dialog as over the courier-wise card. */
export { loader, default, ErrorBoundary } from "./_app.all-users.$id.rate-card.history";
