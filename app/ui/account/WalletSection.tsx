/** Wallet Configuration (docs/product.md §3, §5, §7): tolerance and maximum tolerance, signed numbers. */
import { Button } from "@mantine/core";
import { Form } from "@remix-run/react";

import type { AccountAnswer } from "~/services/account/page.server";
import type { WalletConfig } from "~/services/account/sections.server";
import { Group, Stack, Text } from "~/ui/layout";

import { Field, SectionAlert } from "./parts";

export function WalletSection({
  action,
  wallet,
  answer,
}: {
  action: string;
  wallet: WalletConfig;
  answer: AccountAnswer | null;
}) {
  return (
    <Form method="post" action={action} preventScrollReset data-testid="wallet-form">
      <input type="hidden" name="intent" value="wallet" />
      <input type="hidden" name="version" value={wallet.version} />
      <Stack gap="sm">
        <SectionAlert answer={answer} />
        <Text size="sm">
          Configuration type: <strong>{wallet.configuration_type}</strong> · Initial tolerance:{" "}
          <strong>₹{wallet.initial_tolerance}</strong>
        </Text>
        <Group grow align="start">
          <Field
            name="current_tolerance"
            label="Tolerance (₹)"
            value={wallet.current_tolerance}
            answer={answer}
            maxLength={14}
            inputMode="decimal"
            description="A negative value needs the minus sign"
          />
          <Field
            name="max_tolerance"
            label="Maximum Tolerance (₹)"
            value={wallet.max_tolerance}
            answer={answer}
            maxLength={14}
            inputMode="decimal"
          />
        </Group>
        <Group>
          <Button type="submit">Save Tolerance</Button>
        </Group>
      </Stack>
    </Form>
  );
}
