import "./small-table.css";
import "./quote-result.css";

import { Alert } from "@mantine/core";

import { NO_COURIER_MESSAGE } from "~/services/quote/allocation";
import type { CalculatorQuoteView } from "~/services/quote/quote-view";
import { Group, Stack, Text, Title } from "~/ui/layout";

import { Figure } from "./Figure";

/** The Rate Calculator's answer: headline figures, one row per courier with its charged-amount disclosure, and why. */
export function QuoteResult({
  quote: q,
  submitted,
  reverseForced,
}: {
  quote: CalculatorQuoteView | null;
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
      {q.rate_list.length === 0 ? (
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
            <tbody>
              {q.rate_list.map((e) => (
                <QuoteRow key={e.courier_id} e={e} />
              ))}
            </tbody>
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

const TEXT = "mantine-focus-auto m_b6d8b162 mantine-Text-root";
const SM = `${TEXT} quote-sm`;
const XS = `${TEXT} quote-xs`;
const STACK = "m_6d731127 mantine-Stack-root quote-stack";
const BADGE = "m_347db0ec mantine-Badge-root quote-badge";

/** A filled badge of the courier cell, as Mantine's `<Badge color=… variant="filled">` rendered it. */
function RowBadge({ kind, children }: { kind: "cheapest" | "fastest" | "priority"; children: string }) {
  return (
    <div className={`${BADGE} quote-${kind}`} data-variant="filled">
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

/**
 * One courier's row: the markup of Mantine's Stack, Text, Group and Badge (the same elements,
 * classes and data attributes), their per-element inline variables as classes of
 * quote-result.css. A quote has a row for every courier of the client (23 on the demo's first
 * client), and these cells were most of the page's render and more than half its HTML
 * (decision 081).
 */
function QuoteRow({ e }: { e: CalculatorQuoteView["rate_list"][number] }) {
  return (
    <tr data-testid="quote-row">
      <td>
        <div className={STACK}>
          <p
            className={`${SM} ${e.is_priority ? "quote-fw700" : "quote-fw400"}`}
            data-size="sm"
            data-testid="quote-courier"
          >
            {e.courier}
          </p>
          <div className="m_4081bf90 mantine-Group-root quote-badges">
            {e.is_cheapest ? <RowBadge kind="cheapest">Cheapest</RowBadge> : null}
            {e.is_fastest ? <RowBadge kind="fastest">Fastest</RowBadge> : null}
            {e.is_priority ? <RowBadge kind="priority">Priority</RowBadge> : null}
          </div>
          {e.own_weight ? (
            <p className={`${XS} quote-dimmed`} data-size="xs">
              Chargeable {e.own_weight}
            </p>
          ) : null}
        </div>
      </td>
      <td>{e.mode}</td>
      <td data-testid="delivered">{e.delivered}</td>
      <td data-testid="returned">{e.returned ?? "—"}</td>
      <td>{e.edd_stamp}</td>
      <td>
        {/* A native disclosure: opens and closes without JavaScript. */}
        <details data-testid="charged-amount">
          <summary aria-label={`Charged amount details of ${e.courier}`}>
            <span className={SM} data-size="sm">
              Details
            </span>
          </summary>
          <div className={`${STACK} quote-charges`}>
            <p className={`${XS} quote-dimmed`} data-size="xs">
              Base multiplier × base price + additional multiplier × additional price + COD charge + surcharge
            </p>
            <p className={`${SM} quote-fw600`} data-size="sm" data-testid="charged-formula">
              {e.charges.formula}
            </p>
            <p className={XS} data-size="xs">
              {e.charges.weight}
            </p>
            <p className={XS} data-size="xs">
              {e.charges.slabs}
            </p>
            {e.charges.returned ? (
              <p className={XS} data-size="xs">
                Returned: forward freight + RTO freight + surcharge = {e.charges.returned}
              </p>
            ) : null}
          </div>
        </details>
      </td>
    </tr>
  );
}

/** Services left out for their package limits (decision 071), one sentence per limit, beneath the rates. */
function ExcludedServices({ excluded }: { excluded: CalculatorQuoteView["excluded"] }) {
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
