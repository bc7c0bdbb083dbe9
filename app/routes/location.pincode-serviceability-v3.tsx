import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { requireClientToken } from "~/services/auth/client-token.server";
import { getDb } from "~/services/db/client.server";
import { pincodeQuerySchema } from "~/services/quote/calculator-form";
import { checkPincodeServiceability } from "~/services/quote/quote.server";

/**
 * GET /location/pincode-serviceability-v3/ (docs/product.md §7): the pincode check for other
 * systems, by the client's auth_token; returns the spec's pincode result or `{ err }`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const client = await requireClientToken(request);
  const headers = { "Cache-Control": "no-store" };
  const params = new URL(request.url).searchParams;
  const parsed = pincodeQuerySchema.safeParse({
    from_pincode: params.get("from_pincode"),
    to_pincode: params.get("to_pincode"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return json({ err: `${String(issue.path[0])}: ${issue.message}` }, { status: 400, headers });
  }
  const checked = await checkPincodeServiceability(
    getDb(),
    client.id,
    parsed.data.from_pincode,
    parsed.data.to_pincode,
  );
  if (!checked.ok) return json({ err: `${checked.field}: ${checked.message}` }, { status: 400, headers });
  return json(checked.result, { headers });
}
