/**
 * Work done once per HTTP request, shared by every loader of that request.
 *
 * Remix hands each loader of a page (root, layout, client frame, tab) its own copy of the
 * Request, so nothing on the Request object identifies "this request" across loaders. The
 * HTTP server (scripts/server.ts) runs each request inside `runInRequestScope`; loaders then
 * share a value through `oncePerRequest`. Outside a scope (unit tests calling a loader
 * directly, the Vite dev server) `oncePerRequest` simply computes the value each time.
 *
 * The scope lives exactly as long as the request: no state outlives it, so any number of
 * servers can run side by side (docs/architecture.md §1).
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Scope = Map<string, unknown>;

// One store for the process: scripts/server.ts (run from source) and the built server bundle
// each load their own copy of this module, and must share the store.
const STORE_KEY = Symbol.for("shipping-console.request-scope");
const globalStore = globalThis as { [STORE_KEY]?: AsyncLocalStorage<Scope> };
const storage: AsyncLocalStorage<Scope> = (globalStore[STORE_KEY] ??= new AsyncLocalStorage<Scope>());

/** Runs `fn` (an HTTP request's handling) with a fresh scope. */
export function runInRequestScope<T>(fn: () => T): T {
  return storage.run(new Map(), fn);
}

/** The value `make` gives, made at most once per request for this key. */
export function oncePerRequest<T>(key: string, make: () => T): T {
  const scope = storage.getStore();
  if (!scope) return make();
  if (!scope.has(key)) scope.set(key, make());
  return scope.get(key) as T;
}
