/**
 * The seller dashboard's advantage plan call (docs/product.md §3 advantage plan state, §8;
 * §3 "advantage plans"): outside the staff session, authenticated by the client's own
 * auth_token in `Authorization: Token <auth_token>` (or `?auth_token=`), like every seller and
 * system endpoint (auth/client-token.server.ts).
 *
 *   GET  /api/seller/advantage-plan                      → { advantage_rate_plan }
 *   POST /api/seller/advantage-plan  {"active": "advantage_premium"}  activate an offered plan
 *   POST /api/seller/advantage-plan  {"active": null}                  deactivate the active plan
 *
 * JSON or form-encoded bodies. Errors are `{ "err": "…" }`: 401 without a valid token, 400
 * 'active must be in offered.' when the plan is not offered to the seller.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { getAdvantageRatePlan, setActivePlanBySeller } from "~/services/advantage/advantage.server";
import { requireClientToken } from "~/services/auth/client-token.server";
import { getDb } from "~/services/db/client.server";
import { readForm } from "~/services/http/form-errors.server";

const NO_STORE = { "Cache-Control": "no-store" };

function fail(status: number, err: string): Response {
  return Response.json({ err }, { status, headers: NO_STORE });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const seller = await requireClientToken(request);
  return Response.json({ advantage_rate_plan: await getAdvantageRatePlan(getDb(), seller.id) }, { headers: NO_STORE });
}

/** The body's one field (docs/forms.md: one schema with its validator; the answer stays this API's `{ err }`). */
const bodyValidator = withZod(
  z.object({
    active: z.preprocess((v) => (v === "" || v === "null" ? null : v), z.string().max(100).nullable()),
  }),
);
const BAD_BODY = 'Send {"active": "advantage_basic" | "advantage_premium" | null}.';

export async function action({ request }: ActionFunctionArgs) {
  const seller = await requireClientToken(request);
  if (request.method !== "POST") return fail(405, "Method not allowed.");
  let raw: unknown;
  try {
    raw = (request.headers.get("Content-Type") ?? "").includes("application/json")
      ? await request.json()
      : Object.fromEntries(await request.formData());
  } catch {
    return fail(400, "The request body is not valid JSON or form data.");
  }
  if (!raw || typeof raw !== "object") return fail(400, BAD_BODY);
  const read = await readForm(raw as Record<string, unknown>, bodyValidator);
  if (!read.ok) return fail(400, BAD_BODY);
  const result = await setActivePlanBySeller(getDb(), seller, { active: read.data.active });
  if (!result.ok) return fail(result.status, result.message);
  return Response.json({ advantage_rate_plan: result.advantage_rate_plan }, { headers: NO_STORE });
}
