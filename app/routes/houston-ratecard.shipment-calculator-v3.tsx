import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireClientToken } from "~/services/auth/client-token.server";
import { getDb } from "~/services/db/client.server";
import { parseCalculator } from "~/services/quote/calculator-form";
import { paiseToRupeesString } from "~/services/quote/money";
import { quoteForClient } from "~/services/quote/quote.server";

/**
 * GET /houston-ratecard/shipment-calculator-v3/ (spec part 1 §7): the shipment calculator for
 * other systems, by the client's auth_token. Same query names as the spec; money as
 * two-decimal rupee strings; `{ err }` with 400 naming the first bad field.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const client = await requireClientToken(request);
  const headers = { "Cache-Control": "no-store" };
  const parsed = parseCalculator(new URL(request.url).searchParams);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.errors)[0]!;
    return json({ err: `${field}: ${message}` }, { status: 400, headers });
  }
  const quoted = await quoteForClient(getDb(), client.id, parsed.input);
  if (!quoted.ok) return json({ err: `${quoted.error.field}: ${quoted.error.message}` }, { status: 400, headers });
  const q = quoted.quote;
  return json(
    {
      result: {
        chargeable_weight: q.chargeable_weight,
        billing_zone: q.billing_zone,
        rule_code: q.rule_code,
        rate_list: q.rate_list.map((e) => ({
          courier: e.courier,
          courier_id: e.courier_id,
          is_priority: e.is_priority,
          is_cheapest: e.is_cheapest,
          is_fastest: e.is_fastest,
          is_air: e.is_air,
          has_surface: e.has_surface,
          chargeable_weight: e.chargeable_weight,
          delivered_charges: paiseToRupeesString(e.delivered_charges),
          returned_charges: e.returned_charges === null ? null : paiseToRupeesString(e.returned_charges),
          edd_stamp: e.edd_stamp,
        })),
        explanation: q.explanation,
      },
    },
    { headers },
  );
}
