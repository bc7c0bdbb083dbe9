import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { attachmentResponse } from "~/services/http/attachment.server";
import { quoteIdOf } from "~/services/quote/saved-quote";
import { savedQuoteFile, savedQuoteForViewer } from "~/services/quote/saved-quote.server";

/** A saved quote's PDF (decision 073): drawn from the quote as kept, so the same file whatever today's rates. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "quote.calculate" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const found = await savedQuoteForViewer(db, staff, client.id, quoteIdOf(params.quoteId));
  if (!found.ok) throw new Response(found.message, { status: 404 });
  const file = await savedQuoteFile(found.quote);
  return attachmentResponse(file.pdf, file.fileName, "application/pdf");
}
