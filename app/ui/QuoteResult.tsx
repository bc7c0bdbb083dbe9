import "./small-table.css";
import "./quote-result.css";

import { Alert } from "@mantine/core";

import { NO_COURIER_MESSAGE } from "~/services/quote/allocation";
import { Group, Stack, Text, Title } from "~/ui/layout";

import { Figure } from "./Figure";
import { QUOTE_ROWS_ID, type SentQuote } from "./quote/quote-rows";

/**
 * The Rate Calculator's answer: headline figures, one row per courier with its charged-amount
 * disclosure, and why. `rowsHtml`: the rows (useSentRowsHtml, called by CalculatorResult, which
 * stays mounted while this answer gives way to a loading state).
 */
export function QuoteResult({
  quote: q,
  rowsHtml,
  submitted,
  reverseForced,
}: {
  quote: SentQuote | null;
  rowsHtml: string;
  submitted: boolean;
  reverseForced: boolean;
}) {
  if (!q) {
    return (
      <Text c="dimmed" size="sm">
        {submitted
          ? "Correct the highlighted fields to see the rates."
          : "Enter a shipment to see each courier's rate."}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {reverseForced ? (
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
      {q.couriers === 0 ? (
        <Alert color="yellow" role="status" data-testid="no-courier">
          {NO_COURIER_MESSAGE}
        </Alert>
      ) : (
        <div className="table-scroll">
          <table className="small-table small-table-bordered small-table-striped" aria-label="Courier rates">
            <thead>
              <tr>
                <th scope="col">Courier</th>
                <th scope="col">Mode</th>
                <th scope="col">Delivered charges</th>
                <th scope="col">Returned charges</th>
                <th scope="col">EDD</th>
                <th scope="col">Charged amount</th>
              </tr>
            </thead>
            {/* Rows as HTML text (ui/quote/quote-rows.ts, decision 012), sent once (decision 098). */}
            <tbody id={QUOTE_ROWS_ID} dangerouslySetInnerHTML={{ __html: rowsHtml }} />
          </table>
        </div>
      )}
      <ExcludedServices excluded={q.excluded} />
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

/** Services left out for their package limits (decision 071), one sentence per limit, beneath the rates. */
function ExcludedServices({ excluded }: { excluded: SentQuote["excluded"] }) {
  if (excluded.length === 0) return null;
  return (
    <section aria-labelledby="excluded-title" data-testid="excluded">
      <Title order={3} size="h6" id="excluded-title">
        Excluded by courier limits
      </Title>
      <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
        {excluded.flatMap((e) =>
          e.sentences.map((sentence, i) => (
            <li key={`${e.courier_id}-${i}`} data-testid="excluded-reason">
              <Text size="sm">{sentence}</Text>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
