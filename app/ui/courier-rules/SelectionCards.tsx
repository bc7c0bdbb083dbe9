import "@mantine/core/styles/SimpleGrid.css";

import { Badge, Button, SimpleGrid } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";

import { SELECTION_OPTIONS } from "~/services/courier-setup/rules-view";
import { Group, Paper, Text, Title } from "~/ui/layout";

/** The four selection types (docs/product.md §4), the current one marked; a vp changes it with the card's button. */
export function SelectionCards({ current, canEdit, action }: { current: string; canEdit: boolean; action: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action} preventScrollReset aria-label="Courier selection type">
      <input type="hidden" name="intent" value="rule_type" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {SELECTION_OPTIONS.map((o) => {
          const chosen = o.code === current;
          return (
            <Paper
              key={o.code}
              withBorder
              p="md"
              radius="md"
              className={chosen ? "option-card option-card-current" : "option-card"}
              data-testid={`option-${o.key}`}
              aria-current={chosen ? "true" : undefined}
            >
              <Group justify="space-between" mb={4}>
                <Title order={3} size="h5">
                  {o.label}{" "}
                  <Text span size="xs" c="dimmed">
                    (code {o.code})
                  </Text>
                </Title>
                {chosen && (
                  <Badge color="indigo.9" variant="filled">
                    Current
                  </Badge>
                )}
              </Group>
              {canEdit && (
                <Text size="sm" c="dimmed" mb="xs" data-testid="rule-help">
                  {o.help}
                </Text>
              )}
              {canEdit && !chosen && (
                <Button
                  type="submit"
                  name="rule_code"
                  value={o.code}
                  size="xs"
                  variant="light"
                  loading={busy}
                  aria-label={`Use ${o.label}`}
                >
                  Use {o.label}
                </Button>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
      {/* Without JavaScript the browser sends the pressed button's rule_code. */}
      <Text size="xs" c="dimmed" mt={4} data-testid="current-rule">
        Current selection type: {SELECTION_OPTIONS.find((o) => o.code === current)?.label}
      </Text>
    </Form>
  );
}
