/** `npm run db:migrate`: apply pending SQL migrations to the configured database. */
import { openConfiguredDb } from "../app/services/db/client.server";

const handle = openConfiguredDb();
await handle.migrate();
console.log(`Migrations applied (${handle.kind}).`);
await handle.close();
