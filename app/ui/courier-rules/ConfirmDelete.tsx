import { Button } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { Group, Stack, Text } from "~/ui/layout";
import { UrlDialog } from "~/ui/UrlDialog";

/** A rule's delete, confirmed in a dialog in the URL (`?delete=…`), so it works without JavaScript. */
export function ConfirmDelete({
  title,
  closeTo,
  action,
  intent,
  ruleId,
  children,
}: {
  title: string;
  closeTo: string;
  action: string;
  intent: string;
  ruleId: number;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="rule_id" value={ruleId} />
        <Stack gap="sm">
          <Text size="sm">{children}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default" preventScrollReset>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Form>
    </UrlDialog>
  );
}
