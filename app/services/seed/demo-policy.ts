/**
 * Whether start-up may fill an empty database with the demo seed. The demo staff share the
 * public password `demo-password` and the clients get deterministic tokens, so a server that
 * was explicitly started as production (NODE_ENV=production) seeds them only when asked
 * (SEED_DEMO=true); `npm start` alone keeps showing the demo (decision 019).
 */
export type DemoSeedSettings = {
  /** NODE_ENV as the operator set it, before `npm start` defaults it to production. */
  nodeEnvAsked: string | undefined;
  SEED_DEMO: string | undefined;
  /** The older switch: `false` never seeds. */
  SEED_IF_EMPTY: string | undefined;
};

export function demoSeedWanted(settings: DemoSeedSettings): boolean {
  if (settings.SEED_IF_EMPTY === "false" || settings.SEED_DEMO === "false") return false;
  if (settings.SEED_DEMO === "true") return true;
  return settings.nodeEnvAsked !== "production";
}

export const FIRST_STAFF_HINT =
  "Empty production database: no demo data and no staff. Create the first vp with `npm run user:create -- --email <e-mail> --role vp` (or start with SEED_DEMO=true for the demo).";
