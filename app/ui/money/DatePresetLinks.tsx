/** The date presets under a money filter (On Hold COD and its Released view): one link each, the current one filled. */
import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";

import { Group } from "~/ui/layout";

export function DatePresetLinks({
  links,
}: {
  links: readonly { preset: string; label: string; href: string; current: boolean }[];
}) {
  return (
    <Group gap="xs" mt="sm" component="nav" aria-label="Date presets">
      {links.map((p) => (
        <Button
          key={p.preset}
          size="compact-sm"
          variant={p.current ? "filled" : "default"}
          component={Link}
          to={p.href}
          aria-current={p.current ? "true" : undefined}
        >
          {p.label}
        </Button>
      ))}
    </Group>
  );
}
