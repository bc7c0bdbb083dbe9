/**
 * The seller's legal documents (decision 028), authenticated by the client's auth_token like every
 * seller endpoint (`Authorization: Token <auth_token>` or `?auth_token=`):
 *
 *   GET /api/seller/legal-docs → { is_success: true, data: { docs: [...], legal_enforced } }
 *
 * Each document in force for the seller (its segment's broadcasts and those addressed to its
 * e-mail) with accepted / accepted_at, its expiry and whether it now blocks the seller's orders;
 * doc_link is the PDF (same token).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireClientToken } from "~/services/auth/client-token.server";
import { getDb } from "~/services/db/client.server";
import { sellerLegalDocs } from "~/services/legal/seller.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const seller = await requireClientToken(request);
  const { docs, legal_enforced } = await sellerLegalDocs(getDb(), seller.id);
  return Response.json(
    {
      is_success: true,
      data: {
        legal_enforced,
        docs: docs.map((d) => ({ ...d, doc_link: `/api/seller/legal-docs/${d.id}/document.pdf` })),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
