/** The rate change history over the Pickrr Advantage tab: the same dialog as over the courier-wise card. */
export { default, ErrorBoundary, loader } from "./_app.all-users.$id.rate-card.history";
