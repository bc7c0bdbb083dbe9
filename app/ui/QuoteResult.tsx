import "./small-table.css";

import { Alert, Badge } from "@mantine/core";

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
                <tr key={e.courier_id} data-testid="quote-row">
                  <td>
                    <Stack gap={2}>
                      <Text size="sm" fw={e.is_priority ? 700 : 400} data-testid="quote-courier">
                        {e.courier}
                      </Text>
                      <Group gap={4}>
                        {e.is_cheapest ? (
                          <Badge color="#1b5e20" variant="filled">
                            Cheapest
                          </Badge>
                        ) : null}
                        {e.is_fastest ? (
                          <Badge color="#0d47a1" variant="filled">
                            Fastest
                          </Badge>
                        ) : null}
                        {e.is_priority ? (
                          <Badge color="#6a1b9a" variant="filled">
                            Priority
                          </Badge>
                        ) : null}
                      </Group>
                      {e.own_weight ? (
                        <Text size="xs" c="dimmed">
                          Chargeable {e.own_weight}
                        </Text>
                      ) : null}
                    </Stack>
                  </td>
                  <td>{e.mode}</td>
                  <td data-testid="delivered">{e.delivered}</td>
                  <td data-testid="returned">{e.returned ?? "—"}</td>
                  <td>{e.edd_stamp}</td>
                  <td>
                    {/* A native disclosure: opens and closes without JavaScript. */}
                    <details data-testid="charged-amount">
                      <summary aria-label={`Charged amount details of ${e.courier}`}>
                        <Text span size="sm">
                          Details
                        </Text>
                      </summary>
                      <Stack gap={2} mt={4} maw={360}>
                        <Text size="xs" c="dimmed">
                          Base multiplier × base price + additional multiplier × additional price + COD charge +
                          surcharge
                        </Text>
                        <Text size="sm" fw={600} data-testid="charged-formula">
                          {e.charges.formula}
                        </Text>
                        <Text size="xs">{e.charges.weight}</Text>
                        <Text size="xs">{e.charges.slabs}</Text>
                        {e.charges.returned ? (
                          <Text size="xs">
                            Returned: forward freight + RTO freight + surcharge = {e.charges.returned}
                          </Text>
                        ) : null}
                      </Stack>
                    </details>
                  </td>
                </tr>
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
