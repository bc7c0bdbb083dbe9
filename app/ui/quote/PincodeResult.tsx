/** The Serviceability tab's pincode result (docs/product.md §2 "Pincode check"): the lane, its options, and the couriers serving it. */
import "../small-table.css";

import { Alert, Anchor, Badge } from "@mantine/core";

import { isZone, ZONE_LABELS } from "~/services/core/zones";
import type { PincodeResult } from "~/services/quote/quote.server";
import { Figure } from "~/ui/Figure";
import { Group, Paper, Stack } from "~/ui/layout";

const FLAGS = [
  ["has_express", "Express"],
  ["has_surface", "Surface"],
  ["has_reverse", "Reverse"],
  ["has_prepaid", "Prepaid"],
  ["has_cod", "COD"],
] as const;

const yesNo = (b: boolean) => (b ? "Yes" : "No");

/** `base`: the client's serviceability URL, under which each courier's pincode list (CSV) is. */
export function PincodeResultPanel({ result, base }: { result: PincodeResult; base: string }) {
  return (
    <Paper withBorder p="md" data-testid="pincode-result">
      <Stack gap="sm">
        <Group gap="xl">
          <Figure label="From city" testId="from-city">
            {result.from_city}, {result.from_state}
          </Figure>
          <Figure label="To city" testId="to-city">
            {result.to_city}, {result.to_state}
          </Figure>
          <Figure label="Zone">
            {result.billing_zone} {isZone(result.billing_zone) ? `'${ZONE_LABELS[result.billing_zone]}'` : ""}
          </Figure>
          <Figure label="EDD" testId="edd">
            {result.edd_stamp ?? "—"}
          </Figure>
        </Group>
        <Group gap="xs" aria-label="Lane options">
          {FLAGS.map(([key, label]) => (
            <Badge key={key} color={result[key] ? "#1b5e20" : "#495057"} variant="filled" data-testid={key}>
              {label}: {yesNo(result[key])}
            </Badge>
          ))}
        </Group>
        {result.courier_list.length === 0 ? (
          <Alert color="yellow" role="status">
            None of this client's active couriers serves this lane.
          </Alert>
        ) : (
          <div className="table-scroll">
            <table
              className="small-table small-table-bordered small-table-striped"
              aria-label="Couriers serving this lane"
            >
              <thead>
                <tr>
                  <th scope="col">Courier</th>
                  <th scope="col">EDD</th>
                  <th scope="col">Air</th>
                  <th scope="col">Surface</th>
                  <th scope="col">Reverse</th>
                  <th scope="col">Prepaid</th>
                  <th scope="col">COD</th>
                  <th scope="col">Pincodes</th>
                </tr>
              </thead>
              <tbody>
                {result.courier_list.map((c) => (
                  <tr key={c.courier_id} data-testid="pincode-courier">
                    <td>{c.name}</td>
                    <td>{c.edd_stamp}</td>
                    <td>{yesNo(c.is_air)}</td>
                    <td>{yesNo(c.has_surface)}</td>
                    <td>{yesNo(c.has_reverse)}</td>
                    <td>{yesNo(c.has_prepaid)}</td>
                    <td>{yesNo(c.has_cod)}</td>
                    <td>
                      <Anchor
                        href={`${base}/courier/${c.courier_id}.csv`}
                        size="sm"
                        aria-label={`Pincode list of ${c.name} (CSV)`}
                      >
                        CSV
                      </Anchor>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
