import { Alert, Badge, Button, Grid, Group, Loader, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { NO_COURIER_MESSAGE } from "~/services/quote/allocation";
import { CALCULATOR_FIELDS, parseCalculator, reverseRuleApplied, type CalculatorField } from "~/services/quote/calculator-form";
import { quoteForClient } from "~/services/quote/quote.server";
import { calculatorRow } from "~/services/quote/quote-view";
import { ZONE_LABELS } from "~/services/core/zones";
import { RULE_CODE_NAMES } from "~/services/core/rule-codes";
import { Figure } from "~/ui/Figure";
import { READABLE_ERRORS } from "~/ui/form-fields";

/**
 * The Rate Calculator tab (spec part 1 §2 "Shipment calculator"): a GET form whose inputs
 * live in the URL, so a quote is a shareable link; the quote runs in the loader.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "quote.calculate" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const search = new URL(request.url).searchParams;
  const submitted = CALCULATOR_FIELDS.some((f) => search.has(f));
  if (!submitted) return { clientId: client.id, submitted, values: null, errors: {}, reverseForced: false, quote: null };

  const parsed = parseCalculator(search);
  if (!parsed.ok) return { clientId: client.id, submitted, values: parsed.values, errors: parsed.errors, reverseForced: false, quote: null };
  const v = parsed.values;
  const reverseForced = reverseRuleApplied(v, parsed.input);
  const values = { ...v, delivery_mode: parsed.input.delivery_mode, payment_mode: parsed.input.payment_mode, cod_amount: parsed.input.payment_mode === "cod" ? v.cod_amount : "0" };
  const quoted = await quoteForClient(db, client.id, parsed.input);
  if (!quoted.ok) return { clientId: client.id, submitted, values, errors: { [quoted.error.field]: quoted.error.message }, reverseForced, quote: null };
  const q = quoted.quote;
  return {
    clientId: client.id,
    submitted,
    values,
    errors: {},
    reverseForced,
    quote: {
      chargeable_weight: q.chargeable_weight,
      billing_zone: q.billing_zone,
      zone_label: ZONE_LABELS[q.billing_zone],
      rule_code: q.rule_code,
      rule_name: RULE_CODE_NAMES[q.rule_code],
      lane: `${q.pickup.pincode} ${q.pickup.city}, ${q.pickup.state} → ${q.drop.pincode} ${q.drop.city}, ${q.drop.state}`,
      reverse: parsed.input.shipment_type === "reverse",
      rate_list: q.rate_list.map((e) => calculatorRow(e, q.chargeable_weight_grams)),
      explanation: q.explanation,
    },
  };
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

const YES_NO = [
  { value: "false", label: "No" },
  { value: "true", label: "Yes" },
];

export default function RateCalculator() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const values = { ...DEFAULTS, ...(data.values ?? {}) };
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const [shipmentType, setShipmentType] = useState(values.shipment_type);
  const errors: Errors = clientErrors ?? (data.errors as Errors);
  const reverse = shipmentType === "reverse";
  // Only script locks the reverse-forced fields: the server renders them enabled, so without
  // JavaScript a reverse quote can be switched back to forward COD in one submit (the
  // loader applies the reverse rule either way).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const lockForReverse = reverse && hydrated;
  const loading = navigation.state === "loading" && navigation.location.pathname === `/all-users/${data.clientId}/rate-calculator`;

  // With JavaScript: the same schema checks the form before it leaves the page.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = parseCalculator(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.ok) {
      event.preventDefault();
      setClientErrors(parsed.errors);
    } else setClientErrors(null);
  }

  const input = (
    name: CalculatorField,
    label: string,
    props: { inputMode?: "numeric" | "decimal" | "text"; disabled?: boolean; value?: string; optional?: boolean; description?: string } = {},
  ) => (
    <TextInput
      key={`${name}-${props.disabled ? "off" : "on"}-${values[name]}`}
      id={name}
      name={name}
      label={label}
      description={props.description}
      defaultValue={props.value ?? values[name]}
      inputMode={props.inputMode ?? "decimal"}
      disabled={props.disabled}
      error={errors[name]}
      styles={READABLE_ERRORS}
      withAsterisk={!props.optional}
    />
  );

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p="md">
          <Form method="get" noValidate onSubmit={onSubmit} aria-label="Shipment calculator">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Shipment calculator
              </Title>
              <NativeSelect
                id="shipment_type"
                name="shipment_type"
                label="Shipment type"
                withAsterisk
                defaultValue={values.shipment_type}
                onChange={(e) => setShipmentType(e.currentTarget.value)}
                error={errors.shipment_type}
                styles={READABLE_ERRORS}
                data={[
                  { value: "forward", label: "Forward" },
                  { value: "reverse", label: "Reverse" },
                ]}
              />
              {reverse ? (
                <Text size="xs" c="dimmed" data-testid="reverse-note">
                  Reverse shipments are quoted as express, prepaid, with COD amount 0.
                </Text>
              ) : null}
              <Group grow align="flex-start">
                {input("pickup_pincode", "Pickup Pincode", { inputMode: "numeric" })}
                {input("drop_pincode", "Destination Pincode", { inputMode: "numeric" })}
              </Group>
              <NativeSelect
                key={`delivery_mode-${reverse}`}
                id="delivery_mode"
                name="delivery_mode"
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
                <NativeSelect
                  key={`payment_mode-${reverse}`}
                  id="payment_mode"
                  name="payment_mode"
                  label="Payment mode"
                  defaultValue={reverse ? "prepaid" : values.payment_mode}
                  disabled={lockForReverse}
                  data={[
                    { value: "prepaid", label: "Prepaid" },
                    { value: "cod", label: "COD" },
                  ]}
                />
                {input("cod_amount", "COD amount (₹)", reverse ? { disabled: lockForReverse, value: "0" } : {})}
              </Group>
              <Group grow align="flex-start">
                {input("invoice_value", "Invoice value (₹)", { optional: true, description: "Optional; COD orders default to the COD amount" })}
                {input("product_names", "Product names", { optional: true, inputMode: "text", description: "Optional, comma-separated" })}
              </Group>
              <Group grow>
                <NativeSelect id="has_dg" name="has_dg" label="Dangerous goods" defaultValue={values.has_dg} data={YES_NO} />
                <NativeSelect id="is_mps" name="is_mps" label="Multi-package" defaultValue={values.is_mps} data={YES_NO} />
                <NativeSelect id="is_doc" name="is_doc" label="Document" defaultValue={values.is_doc} data={YES_NO} />
              </Group>
              <Group justify="flex-end">
                <Button type="submit">Calculate</Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder p="md" pos="relative" aria-busy={loading} data-testid="quote-result">
          {loading ? (
            <Group justify="center" p="xl" data-testid="quote-loading">
              <Loader type="dots" aria-label="Calculating" />
            </Group>
          ) : (
            <QuoteResult data={data} />
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function QuoteResult({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const q = data.quote;
  if (!q) {
    return (
      <Text c="dimmed" size="sm">
        {data.submitted ? "Correct the highlighted fields to see the rates." : "Enter a shipment to see each courier's rate."}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {data.reverseForced ? (
        <Alert color="blue" role="status" data-testid="reverse-forced">
          Reverse shipments are quoted as express, prepaid, with COD amount 0.
        </Alert>
      ) : null}
      <Group gap="xl">
        <Figure label="Chargeable weight" testId="chargeable-weight">
          {q.chargeable_weight.toFixed(2)} kg
        </Figure>
        <Figure label="Billing zone" testId="billing-zone">
          Zone {q.billing_zone} '{q.zone_label}'
        </Figure>
        <Figure label="Rule type" testId="rule-type">
          {q.rule_name} ({q.rule_code})
        </Figure>
      </Group>
      <Text size="sm" c="dimmed">
        {q.lane}
      </Text>
      {q.rate_list.length === 0 ? (
        <Alert color="yellow" role="status" data-testid="no-courier">
          {NO_COURIER_MESSAGE}
        </Alert>
      ) : (
        <div className="rate-table-scroll">
          <Table striped withTableBorder aria-label="Courier rates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Courier</Table.Th>
                <Table.Th>Mode</Table.Th>
                <Table.Th>Delivered charges</Table.Th>
                <Table.Th>Returned charges</Table.Th>
                <Table.Th>EDD</Table.Th>
                <Table.Th>Charged amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.rate_list.map((e) => (
                <Table.Tr key={e.courier_id} data-testid="quote-row">
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm" fw={e.is_priority ? 700 : 400} data-testid="quote-courier">
                        {e.courier}
                      </Text>
                      <Group gap={4}>
                        {e.is_cheapest ? <Badge color="#1b5e20" variant="filled">Cheapest</Badge> : null}
                        {e.is_fastest ? <Badge color="#0d47a1" variant="filled">Fastest</Badge> : null}
                        {e.is_priority ? <Badge color="#6a1b9a" variant="filled">Priority</Badge> : null}
                      </Group>
                      {e.own_weight ? (
                        <Text size="xs" c="dimmed">
                          Chargeable {e.own_weight}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{e.mode}</Table.Td>
                  <Table.Td data-testid="delivered">{e.delivered}</Table.Td>
                  <Table.Td data-testid="returned">{e.returned ?? "—"}</Table.Td>
                  <Table.Td>{e.edd_stamp}</Table.Td>
                  <Table.Td>
                    {/* A native disclosure: opens and closes without JavaScript. */}
                    <details data-testid="charged-amount">
                      <summary aria-label={`Charged amount details of ${e.courier}`}>
                        <Text span size="sm">
                          Details
                        </Text>
                      </summary>
                      <Stack gap={2} mt={4} maw={360}>
                        <Text size="xs" c="dimmed">
                          Base multiplier × base price + additional multiplier × additional price + COD charge + surcharge
                        </Text>
                        <Text size="sm" fw={600} data-testid="charged-formula">
                          {e.charges.formula}
                        </Text>
                        <Text size="xs">{e.charges.weight}</Text>
                        <Text size="xs">{e.charges.slabs}</Text>
                        {e.charges.returned ? <Text size="xs">Returned: forward freight + RTO freight + surcharge = {e.charges.returned}</Text> : null}
                      </Stack>
                    </details>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <div>
        <Title order={3} size="h6">
          Why this courier
        </Title>
        <ul data-testid="explanation" style={{ margin: 0, paddingLeft: "1.2em" }}>
          {q.explanation.map((line, i) => (
            <li key={i}>
              <Text size="sm">{line}</Text>
            </li>
          ))}
        </ul>
      </div>
    </Stack>
  );
}
