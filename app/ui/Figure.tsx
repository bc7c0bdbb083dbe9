import type { ReactNode } from "react";

import { Text } from "~/ui/layout";

/** A labelled figure in a result summary: a small dim label over the value in bold. */
export function Figure({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}
