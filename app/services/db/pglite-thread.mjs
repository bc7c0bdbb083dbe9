// The database thread's entry (decision 048): a worker thread has no TypeScript loader of its
// own, so it registers tsx (what runs the server's scripts) before loading the TypeScript source.
import { register } from "tsx/esm/api";

register();
await import("./pglite-worker.server.ts");
