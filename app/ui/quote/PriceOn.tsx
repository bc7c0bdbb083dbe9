/**
 * The Rate Calculator's "Price on" (decision 075): a later day's quote is priced by the card in
 * force then, and the couriers whose price the scheduled changes alter say "from 01-12: ₹…".
 */
import { TextField } from "~/ui/fields";
import { Paper, Text } from "~/ui/layout";

/** A native date input (it works without JavaScript). */
export function PriceOnField({ value, error }: { value: string; error?: string }) {
  return (
    <TextField
      id="price_on"
      type="date"
      label="Price on"
      description="Optional: a later day prices by the rate card in force then, scheduled changes included"
      defaultValue={value}
      error={error}
    />
  );
}

export type PriceOn = { from: string; lines: { courier: string; now: string; then: string }[] } | null;

export function PriceOnSummary({ priceOn }: { priceOn: PriceOn }) {
  if (!priceOn) return null;
  const day = priceOn.from.slice(0, 5);
  return (
    <Paper withBorder p="sm" mb="sm" data-testid="price-on">
      <Text size="sm" fw={600}>
        Prices in force from {priceOn.from} (India time), with the changes scheduled by then.
      </Text>
      {priceOn.lines.length === 0 ? (
        <Text size="sm">No scheduled change alters these prices.</Text>
      ) : (
        <ul style={{ margin: 0 }}>
          {priceOn.lines.map((l) => (
            <li key={l.courier}>
              <Text size="sm">
                {l.courier}: from {day}: {l.then} (now {l.now})
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
