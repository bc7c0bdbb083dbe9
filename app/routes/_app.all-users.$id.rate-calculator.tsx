import "@mantine/core/styles/Grid.css";
import "~/ui/quote/calculator.css";

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { type FormEvent, useEffect, useState } from "react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { istDayOf, istDmyTime, startOfIstDay } from "~/services/core/ist-dates";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import {
  CALCULATOR_FIELDS,
  type CalculatorField,
  parseCalculator,
  parsePriceOn,
  reverseRuleApplied,
} from "~/services/quote/calculator-form";
import { quoteForClient } from "~/services/quote/quote.server";
import { calculatorQuoteView, scheduledPriceLines } from "~/services/quote/quote-view";
import { createAndEmailSavedQuote, createSavedQuote } from "~/services/quote/saved-quote.server";
import { quoteFromCalculatorValidator } from "~/services/quote/saved-quote-form";
import { PlainButton, SelectField, TextField } from "~/ui/fields";
import { Group, Paper, Stack, Title } from "~/ui/layout";
import { CalculatorResult, ShipmentFlags, ShipmentTypeField } from "~/ui/quote/CalculatorParts";
import { PriceOnField, PriceOnSummary } from "~/ui/quote/PriceOn";
import { sentQuote } from "~/ui/quote/quote-rows";
import { QuoteShareForms } from "~/ui/quote/QuoteShare";

/**
 * The Rate Calculator tab (docs/product.md §2 "Shipment calculator"): a GET form whose inputs
 * live in the URL, so a quote is a shareable link; the quote runs in the loader. Its result can
 * be kept and sent to the merchant (decision 073): the action keeps it, then answers with its
 * PDF or e-mails it and opens its page.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "quote.calculate" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const search = new URL(request.url).searchParams;
  const submitted = CALCULATOR_FIELDS.some((f) => search.has(f));
  const priceOnText = (search.get("price_on") ?? "").slice(0, 10);
  // What every answer carries; a refused or empty form has no quote.
  const base = { clientId: client.id, clientEmail: client.email, submitted, priceOnText, priceOn: null };
  const unquoted = { ...base, values: null, errors: {}, reverseForced: false, quote: null };
  if (!submitted) return unquoted;

  const parsed = parseCalculator(search);
  // "Price on" (decision 075): a later day prices by the card in force then, scheduled changes included.
  const now = new Date();
  const priceOn = parsePriceOn(priceOnText, istDayOf(now));
  if (!parsed.ok || !priceOn.ok) {
    const errors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...(priceOn.ok ? {} : { price_on: priceOn.message }) };
    return { ...unquoted, values: parsed.values, errors };
  }
  const v = parsed.values;
  const reverseForced = reverseRuleApplied(v, parsed.input);
  const values = {
    ...v,
    delivery_mode: parsed.input.delivery_mode,
    payment_mode: parsed.input.payment_mode,
    cod_amount: parsed.input.payment_mode === "cod" ? v.cod_amount : "0",
  };
  const reverse = parsed.input.shipment_type === "reverse";
  const later = priceOn.day ? startOfIstDay(priceOn.day) : null;
  const [quoted, today] = await Promise.all([
    quoteForClient(db, client.id, parsed.input, later ?? now),
    later ? quoteForClient(db, client.id, parsed.input, now) : null,
  ]);
  if (!quoted.ok) return { ...unquoted, values, errors: quoted.fieldErrors, reverseForced };
  const quote = calculatorQuoteView(quoted.quote, reverse);
  const lines = later && today?.ok ? scheduledPriceLines(calculatorQuoteView(today.quote, reverse), quote) : null;
  return {
    ...base,
    values,
    errors: {},
    reverseForced,
    quote: sentQuote(context, quote),
    priceOn: later && lines ? { from: istDmyTime(later), lines } : null,
  };
}

/**
 * "Download quote (PDF)" and "E-mail quote" (decision 073): the calculator's fields come back
 * hidden, are checked by the calculator's schema, and are quoted again at this moment's rates;
 * the quote is kept, then its PDF is the answer (a redirect the browser downloads) or it is
 * e-mailed to the client and its page opens.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "quote.calculate" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "download" && intent !== "email") throw new Response("Unknown action.", { status: 400 });
  const read = await readForm(form, quoteFromCalculatorValidator);
  if (!read.ok) return read.response;
  if (intent === "download") {
    const created = await createSavedQuote(db, staff, client, read.data);
    if (!created.ok) return failureAnswer(created, read.submitted);
    return redirect(`/all-users/${client.id}/quotes/${created.quote.id}.pdf`, 303);
  }
  const sent = await createAndEmailSavedQuote(db, staff, client, read.data, read.data.note);
  if (!sent.ok) return failureAnswer(sent, read.submitted);
  return redirectWithToast(
    request,
    `/all-users/${client.id}/quotes/${sent.quoteId}`,
    { kind: "success", message: `Quote ${sent.reference} e-mailed to ${sent.to}.` },
    { status: 303 },
  );
}

type Errors = Partial<Record<CalculatorField, string>>;

const DEFAULTS: Record<CalculatorField, string> = {
  shipment_type: "forward",
  pickup_pincode: "",
  delivery_mode: "express",
  drop_pincode: "",
  length: "",
  breadth: "",
  height: "",
  weight: "",
  payment_mode: "prepaid",
  cod_amount: "",
  has_dg: "false",
  is_mps: "false",
  is_doc: "false",
  invoice_value: "",
  product_names: "",
};

export default function RateCalculator() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const values = { ...DEFAULTS, ...(data.values ?? {}) };
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const [shipmentType, setShipmentType] = useState(values.shipment_type);
  const [paymentMode, setPaymentMode] = useState(values.payment_mode);
  const errors: Errors = clientErrors ?? (data.errors as Errors);
  const reverse = shipmentType === "reverse";
  // Only script locks the reverse-forced fields: the server renders them enabled, so without
  // JavaScript a reverse quote can be switched back to forward COD in one submit (the
  // loader applies the reverse rule either way).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const lockForReverse = reverse && hydrated;
  const loading =
    navigation.state === "loading" && navigation.location.pathname === `/all-users/${data.clientId}/rate-calculator`;

  // With JavaScript: the same schema checks the form before it leaves the page.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = parseCalculator(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.ok) {
      event.preventDefault();
      setClientErrors(parsed.fieldErrors);
    } else setClientErrors(null);
  }

  const input = (
    name: CalculatorField,
    label: string,
    props: {
      inputMode?: "numeric" | "decimal" | "text";
      disabled?: boolean;
      value?: string;
      optional?: boolean;
      description?: string;
      asterisk?: boolean;
    } = {},
  ) => (
    <TextField
      key={`${name}-${props.disabled ? "off" : "on"}-${values[name]}`}
      id={name}
      label={label}
      description={props.description}
      defaultValue={props.value ?? values[name]}
      inputMode={props.inputMode ?? "decimal"}
      disabled={props.disabled}
      error={errors[name]}
      withAsterisk={props.asterisk ?? !props.optional}
    />
  );

  return (
    // Mantine's Grid markup with the gutter and spans in calculator.css (decision 081).
    <div className="m_410352e9 mantine-Grid-root calculator-grid">
      <div className="m_dee7bd2f mantine-Grid-inner">
        <div className="m_96bdd299 mantine-Grid-col calculator-form-col">
          <Paper withBorder p="md">
            <Form method="get" noValidate onSubmit={onSubmit} aria-label="Shipment calculator">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Shipment calculator
                </Title>
                <ShipmentTypeField
                  defaultValue={values.shipment_type}
                  error={errors.shipment_type}
                  reverse={reverse}
                  onChange={setShipmentType}
                />
                <Group grow align="flex-start">
                  {input("pickup_pincode", "Pickup Pincode", { inputMode: "numeric" })}
                  {input("drop_pincode", "Destination Pincode", { inputMode: "numeric" })}
                </Group>
                <SelectField
                  key={`delivery_mode-${reverse}`}
                  id="delivery_mode"
                  label="Delivery mode"
                  defaultValue={reverse ? "express" : values.delivery_mode}
                  disabled={lockForReverse}
                  data={[
                    { value: "express", label: "Express" },
                    { value: "heavy_surface", label: "Heavy surface" },
                  ]}
                />
                <Group grow align="flex-start">
                  {input("length", "Length (cm)")}
                  {input("breadth", "Breadth (cm)")}
                  {input("height", "Height (cm)")}
                </Group>
                {input("weight", "Weight (kg)")}
                <Group grow align="flex-start">
                  <SelectField
                    key={`payment_mode-${reverse}`}
                    id="payment_mode"
                    label="Payment mode"
                    defaultValue={reverse ? "prepaid" : values.payment_mode}
                    disabled={lockForReverse}
                    onChange={(e) => setPaymentMode(e.currentTarget.value)}
                    data={[
                      { value: "prepaid", label: "Prepaid" },
                      { value: "cod", label: "COD" },
                    ]}
                  />
                  {/* Required only for COD (docs/product.md §5): with JavaScript the asterisk follows the
                    payment mode; without it the label says so, as the server's rule does. */}
                  {input(
                    "cod_amount",
                    hydrated ? "COD amount (₹)" : "COD amount (₹, required for COD)",
                    reverse
                      ? { disabled: lockForReverse, value: "0", asterisk: false }
                      : { asterisk: hydrated && paymentMode === "cod" },
                  )}
                </Group>
                <Group grow align="flex-start">
                  {input("invoice_value", "Invoice value (₹)", {
                    optional: true,
                    description: "Optional; COD orders default to the COD amount",
                  })}
                  {input("product_names", "Product names", {
                    optional: true,
                    inputMode: "text",
                    description: "Optional, comma-separated",
                  })}
                </Group>
                <ShipmentFlags values={values} />
                <PriceOnField
                  value={data.priceOnText}
                  error={(errors as Record<string, string | undefined>).price_on}
                />
                <Group justify="flex-end">
                  <PlainButton type="submit">Calculate</PlainButton>
                </Group>
              </Stack>
            </Form>
          </Paper>
        </div>
        <div className="m_96bdd299 mantine-Grid-col calculator-result-col">
          <PriceOnSummary priceOn={data.priceOn} />
          <CalculatorResult
            loading={loading}
            quote={data.quote}
            submitted={data.submitted}
            reverseForced={data.reverseForced}
          />
          <QuoteShareForms quote={data.quote} values={values} email={data.clientEmail} />
        </div>
      </div>
    </div>
  );
}
