import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { requireClientToken } from "~/services/auth/client-token.server";
import { getDb } from "~/services/db/client.server";
import { parseCalculator } from "~/services/quote/calculator-form";
import { quoteForClient } from "~/services/quote/quote.server";
import { excludedJson, rateListEntryJson } from "~/services/quote/quote-view";

/**
 * GET /houston-ratecard/shipment-calculator-v3/ (docs/product.md §7): the shipment calculator for
 * other systems, by the client's auth_token. Same query names as the spec, plus optional
 * `invoice_value` and `product_names` (comma-separated) for Pickrr Select criteria; each
 * rate_list entry carries the spec's fields and its charged amount details (quote-view.ts);
 * money as two-decimal rupee strings; `excluded` lists the services left out for their package
 * limits with why (decision 071); `{ err }` with 400 naming the first bad field.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const client = await requireClientToken(request);
  const headers = { "Cache-Control": "no-store" };
  const parsed = parseCalculator(new URL(request.url).searchParams);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fieldErrors)[0]!;
    return json({ err: `${field}: ${message}` }, { status: 400, headers });
  }
  const quoted = await quoteForClient(getDb(), client.id, parsed.input);
  if (!quoted.ok) return json({ err: `${quoted.field}: ${quoted.message}` }, { status: 400, headers });
  const q = quoted.quote;
  return json(
    {
      result: {
        chargeable_weight: q.chargeable_weight,
        billing_zone: q.billing_zone,
        rule_code: q.rule_code,
        rate_list: q.rate_list.map(rateListEntryJson),
        excluded: excludedJson(q.over_limits),
        explanation: q.explanation,
      },
    },
    { headers },
  );
}
