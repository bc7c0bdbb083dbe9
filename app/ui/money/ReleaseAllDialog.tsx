/**
 * "Select all N matching" on On Hold COD (decision 066): the confirmation, rendered on the server
 * from the URL (`?release=all` and the filter), states how many held remittances the filter
 * matches and what they hold, and posts the filter with the fingerprint of exactly those (each id
 * and pending amount) beside the approver's e-mail and reason. Works without JavaScript.
 */
import { Button } from "@mantine/core";
import { Form, Link } from "@remix-run/react";

import { dmy } from "~/services/core/ist-dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { countOf } from "~/services/core/plural";
import type { FormFailure } from "~/services/http/form-errors.server";
import { COD_SEARCH_LABELS, type CodView } from "~/services/money/cod-query";
import { encodeConfirmed, sumOf } from "~/services/money/release-all";
import { RELEASE_MESSAGES } from "~/services/money/release-form";
import type { MatchingHeld } from "~/services/money/remittances.server";
import { Group, Stack, Text } from "~/ui/layout";
import { UrlDialog } from "~/ui/UrlDialog";

import { ApproverFields, Refusal } from "./ReleaseDetails";

export const RELEASE_ALL_TITLE = "Release all matching";

export function ReleaseAllDialog({
  view,
  matching,
  answer,
  closeTo,
  submitting,
}: {
  view: CodView;
  matching: MatchingHeld;
  answer: FormFailure | null;
  closeTo: string;
  submitting: boolean;
}) {
  const { count, confirmed } = matching;
  const amount = formatInr(rupeesToPaise(matching.pending));
  const filter = `cycles starting ${dmy(view.from)} to ${dmy(view.to)}${view.q ? `, ${COD_SEARCH_LABELS[view.by]} “${view.q}”` : ""}`;
  const cancel = (
    <Button component={Link} to={closeTo} variant="default" preventScrollReset>
      Cancel
    </Button>
  );
  if (count === 0 || !confirmed)
    return (
      <UrlDialog title={RELEASE_ALL_TITLE} closeTo={closeTo}>
        <Stack gap="sm">
          {answer?.message ? <Refusal>{answer.message}</Refusal> : null}
          <Refusal>
            {count === 0
              ? "No held COD remittances match."
              : `${countOf(count, "remittance matches", "remittances match")} (${amount}). ${RELEASE_MESSAGES.allTooMany}`}
          </Refusal>
          <Group justify="flex-end">{cancel}</Group>
        </Stack>
      </UrlDialog>
    );
  return (
    <UrlDialog title={RELEASE_ALL_TITLE} closeTo={closeTo}>
      <Form method="post" noValidate>
        <Stack gap="sm">
          {answer?.message ? <Refusal>{answer.message}</Refusal> : null}
          {answer?.fieldErrors?.ids ? <Refusal>{answer.fieldErrors.ids}</Refusal> : null}
          <Text size="sm" data-testid="release-all-summary">
            {`Releasing ${countOf(count, "remittance", "remittances")}, ${amount}: every held remittance matching the filter (${filter}).`}
          </Text>
          <Text size="xs" c="dimmed">
            Exactly these are released; any that changes before you confirm is reported, not released.
          </Text>
          <input type="hidden" name="intent" value="release-all" />
          <input type="hidden" name="by" value={view.by} />
          <input type="hidden" name="q" value={view.q} />
          <input type="hidden" name="from" value={view.from} />
          <input type="hidden" name="to" value={view.to} />
          <input type="hidden" name="confirmed" value={encodeConfirmed(confirmed)} />
          <input type="hidden" name="count" value={confirmed.length} />
          <input type="hidden" name="sum" value={sumOf(confirmed)} />
          <ApproverFields answer={answer} />
          <Group justify="flex-end">
            {cancel}
            <Button type="submit" loading={submitting}>
              {`Release ${countOf(count, "remittance", "remittances")}`}
            </Button>
          </Group>
        </Stack>
      </Form>
    </UrlDialog>
  );
}
