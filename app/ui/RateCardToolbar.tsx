/**
 * The client rate card's actions. Downloads are plain links (files); the rest open dialogs
 * that are child routes of the rate card (`/all-users/{id}/rate-card/upload` …), so each is a
 * URL that works without JavaScript. Controls a role may not use are not shown; the server
 * refuses them anyway.
 */
import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconDownload, IconUpload } from "@tabler/icons-react";
import type { ReactNode } from "react";

import { NO_AUTH_TOKEN_MESSAGE, type RateCardPermissions } from "~/services/ratecards/permissions";
import { Group } from "~/ui/layout";

import { Hint } from "./Hint";

/**
 * A control the client's missing auth token switches off (docs/product.md §6): a disabled native button
 * with the spec's tooltip. The hint is CSS, so it shows with or without JavaScript; a disabled
 * button gets no pointer events, so the hover is the wrapper's.
 */
function NoTokenButton({ label, icon }: { label: string; icon?: ReactNode }) {
  return (
    <Hint label={NO_AUTH_TOKEN_MESSAGE} data-testid="no-token">
      <Button variant="default" size="xs" disabled leftSection={icon}>
        {label}
      </Button>
    </Hint>
  );
}

function FileLink({ href, label, enabled }: { href: string; label: string; enabled: boolean }) {
  if (!enabled) return <NoTokenButton label={label} icon={<IconDownload size={14} aria-hidden />} />;
  return (
    <Button component="a" href={href} variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />}>
      {label}
    </Button>
  );
}

export function RateCardToolbar({
  base,
  search,
  hasAuthToken,
  permissions,
  historyOnly = false,
}: {
  base: string;
  search: string;
  hasAuthToken: boolean;
  permissions: RateCardPermissions;
  /** On the Pickrr Advantage tab the card's downloads and bulk actions would act on the courier-wise card, not the plan shown: only History (which lists plan changes too) stays. */
  historyOnly?: boolean;
}) {
  const history = (
    <Button component={Link} to={`${base}/history${search}`} preventScrollReset size="xs" variant="subtle">
      History
    </Button>
  );
  if (historyOnly) return <Group justify="flex-end">{history}</Group>;
  return (
    <Group gap="xs" justify="flex-end">
      <FileLink href={`${base}/download.csv`} label="Download CSV" enabled={hasAuthToken} />
      <FileLink href={`${base}/download.pdf`} label="Download PDF" enabled={hasAuthToken} />
      {permissions.canDownloadSample ? (
        <FileLink href={`${base}/sample.csv`} label="Download sample CSV" enabled={hasAuthToken} />
      ) : null}
      {permissions.canUpload ? (
        hasAuthToken ? (
          <Button
            component={Link}
            to={`${base}/upload${search}`}
            preventScrollReset
            size="xs"
            leftSection={<IconUpload size={14} aria-hidden />}
          >
            Upload rate card
          </Button>
        ) : (
          <NoTokenButton label="Upload rate card" icon={<IconUpload size={14} aria-hidden />} />
        )
      ) : null}
      {permissions.canApplySegment ? (
        <Button component={Link} to={`${base}/apply-segment${search}`} preventScrollReset size="xs" variant="light">
          Apply segment
        </Button>
      ) : null}
      {permissions.canBulkChange ? (
        <Button component={Link} to={`${base}/change-prices${search}`} preventScrollReset size="xs" variant="light">
          Change prices
        </Button>
      ) : null}
      {permissions.canUpdateRtoFromForward ? (
        <Button component={Link} to={`${base}/rto-from-forward${search}`} preventScrollReset size="xs" variant="light">
          Update RTO with forward
        </Button>
      ) : null}
      {history}
    </Group>
  );
}
