/**
 * POST /api/seller/legal-docs/{id}/accept (decision 028): the seller accepts a document in force for
 * it; who, when, which version and from which IP are recorded once (accepting again answers the
 * first acceptance). 404 `{ err }` for a document not addressed to the seller.
 */
import type { ActionFunctionArgs } from "@remix-run/node";

import { requireClientToken } from "~/services/auth/client-token.server";
import { clientIp } from "~/services/auth/guard.server";
import { getDb } from "~/services/db/client.server";
import { acceptLegalDocument } from "~/services/legal/seller.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader() {
  return Response.json(
    { err: "Use POST to accept a document." },
    { status: 405, headers: { ...NO_STORE, Allow: "POST" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const seller = await requireClientToken(request);
  if (request.method !== "POST")
    return Response.json({ err: "Method not allowed." }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const result = await acceptLegalDocument(getDb(), seller, id, clientIp(context));
  if (!result.ok) return Response.json({ err: result.message }, { status: result.status, headers: NO_STORE });
  return Response.json(
    { success: true, msg: result.already ? "Already accepted." : "Accepted.", accepted_at: result.accepted_at },
    { headers: NO_STORE },
  );
}
