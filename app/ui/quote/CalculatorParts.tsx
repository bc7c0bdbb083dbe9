/** Pieces of the Rate Calculator tab (docs/product.md §2 "Shipment calculator"): the shipment type, the yes/no selects and the result panel. */
import { Loader } from "@mantine/core";
import type { ComponentProps } from "react";

import type { CalculatorField } from "~/services/quote/calculator-form";
import { SelectField } from "~/ui/fields";
import { Group, Paper, Text } from "~/ui/layout";
import { QuoteResult } from "~/ui/QuoteResult";
import { useSentRowsHtml } from "~/ui/sent-rows";

import { QUOTE_ROWS_ID } from "./quote-rows";

const YES_NO = [
  { value: "false", label: "No" },
  { value: "true", label: "Yes" },
];

/** Forward or reverse; a reverse shipment is quoted as express, prepaid, COD 0 (the note says so). */
export function ShipmentTypeField({
  defaultValue,
  error,
  reverse,
  onChange,
}: {
  defaultValue: string;
  error: string | undefined;
  reverse: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <SelectField
        id="shipment_type"
        label="Shipment type"
        withAsterisk
        defaultValue={defaultValue}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
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
    </>
  );
}

/** Dangerous goods, multi-package, document: native selects, so they work without JavaScript. */
export function ShipmentFlags({ values }: { values: Record<CalculatorField, string> }) {
  return (
    <Group grow>
      <SelectField id="has_dg" label="Dangerous goods" defaultValue={values.has_dg} data={YES_NO} />
      <SelectField id="is_mps" label="Multi-package" defaultValue={values.is_mps} data={YES_NO} />
      <SelectField id="is_doc" label="Document" defaultValue={values.is_doc} data={YES_NO} />
    </Group>
  );
}

/** The quote, or a loading animation while the next one comes (a client-side navigation). */
export function CalculatorResult({
  loading,
  quote,
  submitted,
  reverseForced,
}: { loading: boolean } & Omit<ComponentProps<typeof QuoteResult>, "rowsHtml">) {
  // The rows, sent once (decision 098): read here, where they outlive the result's loading state.
  const rowsHtml = useSentRowsHtml(quote?.rows ?? null, QUOTE_ROWS_ID);
  return (
    <Paper withBorder p="md" pos="relative" aria-busy={loading} data-testid="quote-result">
      {loading ? (
        <Group justify="center" p="xl" data-testid="quote-loading">
          <Loader type="dots" aria-label="Calculating" />
        </Group>
      ) : (
        <QuoteResult quote={quote} rowsHtml={rowsHtml} submitted={submitted} reverseForced={reverseForced} />
      )}
    </Paper>
  );
}
