/** `npm run dev`: prepare the database (migrate, seed when empty), then Remix's Vite dev server. */
import { spawnSync } from "node:child_process";

import { processDb, setProcessDb } from "../app/services/db/client.server";
import { prepareDatabase } from "./prepare-db";

await prepareDatabase({ seedIfEmpty: true });
// PGlite allows one process per data folder: close ours before the dev server opens it.
await processDb().close();
setProcessDb(undefined);
const r = spawnSync("npx", ["remix", "vite:dev", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 0);
