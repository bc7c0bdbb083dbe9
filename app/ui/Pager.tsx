import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";

import { Group, Text } from "~/ui/layout";

/** Page links (not buttons) so paging works without JavaScript and every page is a URL. */
export function Pager({
  page,
  pageCount,
  total,
  hrefFor,
  noun = "rows",
  more = false,
}: {
  page: number;
  pageCount: number;
  total: number;
  hrefFor: (page: number) => string;
  noun?: string;
  /** The count stopped at `total` and there are more: "more than N", and the last page is not known. */
  more?: boolean;
}) {
  const link = (label: string, target: number, disabled: boolean, rel?: string) =>
    disabled ? (
      <Button size="xs" variant="default" disabled aria-disabled>
        {label}
      </Button>
    ) : (
      <Button size="xs" variant="default" component={Link} to={hrefFor(target)} rel={rel} prefetch="intent">
        {label}
      </Button>
    );
  return (
    <Group justify="space-between" mt="sm" component="nav" aria-label="Pagination">
      <Text size="sm" c="dimmed" data-testid="pager-summary">
        {more
          ? `Page ${page} · more than ${total.toLocaleString("en-IN")} ${noun}`
          : `Page ${page} of ${pageCount} · ${total.toLocaleString("en-IN")} ${noun}`}
      </Text>
      <Group gap={6}>
        {link("First", 1, page <= 1)}
        {link("Previous", page - 1, page <= 1, "prev")}
        {link("Next", page + 1, page >= pageCount, "next")}
        {more ? null : link("Last", pageCount, page >= pageCount)}
      </Group>
    </Group>
  );
}
