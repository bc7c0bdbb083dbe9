/**
 * The guard of the JSON endpoints other systems call (spec part 1 §7): they speak for a client
 * by its auth_token, given as the `auth_token` query parameter (as the spec's calls do) or as
 * the header `Authorization: Token <auth_token>`. No staff session is involved.
 */
import { json } from "@remix-run/node";
import { getDb } from "../db/client.server";
import { clientByAuthToken } from "../quote/quote.server";

export async function requireClientToken(request: Request): Promise<{ id: number; email: string }> {
  const header = request.headers.get("authorization") ?? "";
  const fromHeader = /^Token\s+(\S+)$/i.exec(header.trim())?.[1];
  const token = fromHeader ?? new URL(request.url).searchParams.get("auth_token") ?? "";
  const client = token ? await clientByAuthToken(getDb(), token) : null;
  if (!client) {
    throw json({ err: token ? "Invalid auth token" : "auth_token is required" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  return client;
}
