/**
 * The guard of every seller and system endpoint (docs/product.md §7): the caller speaks for a
 * client by its auth_token, given as the header `Authorization: Token <auth_token>` or as the
 * `auth_token` query parameter (as the spec's calls do). No staff session is involved.
 */
import { json } from "@remix-run/node";
import { eq } from "drizzle-orm";

import { noteRequester } from "../core/log";
import { hasControlCharacters } from "../core/text-input";
import { type Db, getDb } from "../db/client.server";
import { clients } from "../db/schema";

/** The refusals, as `{ err }` with 401 (quoted by the endpoints' tests). */
export const CLIENT_TOKEN_REQUIRED = "auth_token is required";
export const CLIENT_TOKEN_INVALID = "Invalid auth token";

export type TokenClient = { id: number; email: string };

/** The client whose auth_token this is, or null. The one lookup by token. */
export async function clientByAuthToken(db: Db, token: string): Promise<TokenClient | null> {
  // A token is printable text; NUL or another control character would only make the database refuse the query.
  if (!token || token.length > 200 || hasControlCharacters(token)) return null;
  const [row] = await db
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(eq(clients.auth_token, token));
  return row ?? null;
}

/** The token a request carries: the `Authorization: Token …` header first, else `?auth_token=`. */
function tokenOf(request: Request): string {
  const fromHeader = /^Token\s+(\S+)$/i.exec((request.headers.get("authorization") ?? "").trim())?.[1];
  return fromHeader ?? new URL(request.url).searchParams.get("auth_token") ?? "";
}

/** The client the request speaks for, or a thrown 401 `{ err }`. */
export async function requireClientToken(request: Request): Promise<TokenClient> {
  const token = tokenOf(request);
  const client = token ? await clientByAuthToken(getDb(), token) : null;
  if (!client) {
    throw json(
      { err: token ? CLIENT_TOKEN_INVALID : CLIENT_TOKEN_REQUIRED },
      { status: 401, headers: { "Cache-Control": "no-store", "WWW-Authenticate": "Token" } },
    );
  }
  noteRequester({ clientId: client.id }); // the request's log line names the client (decision 078)
  return client;
}
