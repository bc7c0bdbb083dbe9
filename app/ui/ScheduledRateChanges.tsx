/**
 * The rate card's pending scheduled changes (decision 075): what takes effect when, who scheduled
 * it, what it changes, and a Cancel that is a plain POST (it works without JavaScript).
 */
import { Alert, Button } from "@mantine/core";
import { Form } from "@remix-run/react";

import { type PendingChangeView, pendingHeadline } from "~/services/ratecards/scheduled";
import { Stack, Text } from "~/ui/layout";

export function ScheduledRateChanges({
  pending,
  action,
  canCancel,
  refusal,
  title = "Scheduled changes",
}: {
  pending: readonly PendingChangeView[];
  /** The card's URL: Cancel posts to it. */
  action: string;
  canCancel: boolean;
  /** A refused cancel's message. */
  refusal: string | null;
  /** The heading: names the card where the page shows more than one (a plan's, a segment's). */
  title?: string;
}) {
  if (pending.length === 0 && !refusal) return null;
  return (
    <section aria-labelledby="scheduled-changes-heading" data-testid="scheduled-changes" className="scheduled-changes">
      <Stack gap="xs">
        <h2 id="scheduled-changes-heading" style={{ fontSize: "var(--mantine-font-size-md)", margin: 0 }}>
          {title}
        </h2>
        {refusal ? (
          <Alert color="red" role="alert" data-testid="scheduled-cancel-error">
            {refusal}
          </Alert>
        ) : null}
        <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
          {pending.map((p) => (
            <li key={p.id} data-testid="scheduled-change">
              <Text size="sm">
                <b>{pendingHeadline(p.count, p.effectiveAtText)}</b> · {p.kindLabel} · scheduled by {p.scheduledBy} on{" "}
                {p.scheduledAtText}
              </Text>
              <details>
                <summary>
                  <Text span size="sm">
                    What changes
                  </Text>
                </summary>
                <ul style={{ margin: 0 }}>
                  {p.lines.map((line, i) => (
                    <li key={i}>
                      <Text size="sm">{line}</Text>
                    </li>
                  ))}
                  {p.more > 0 ? (
                    <li>
                      <Text size="sm" c="dimmed">
                        … and {p.more} more
                      </Text>
                    </li>
                  ) : null}
                </ul>
              </details>
              {canCancel ? (
                <Form method="post" action={action} preventScrollReset>
                  <input type="hidden" name="intent" value="cancel-scheduled" />
                  <input type="hidden" name="id" value={p.id} />
                  <Button
                    type="submit"
                    size="compact-sm"
                    variant="default"
                    aria-label={`Cancel the change that takes effect on ${p.effectiveAtText}`}
                  >
                    Cancel change
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </Stack>
    </section>
  );
}

/** The optional "Effective from" field of a rate change form (a native datetime-local input, India time). */
export function EffectiveFromField({ form, error }: { form?: string; error?: string | null }) {
  return (
    <div className="effective-from">
      <label htmlFor={form ? `${form}-effective-from` : "effective-from"}>
        <Text span size="sm" fw={500}>
          Effective from (India time, optional)
        </Text>
      </label>{" "}
      <input
        id={form ? `${form}-effective-from` : "effective-from"}
        type="datetime-local"
        name="effective_from"
        form={form}
        maxLength={40}
        aria-describedby={form ? `${form}-effective-from-hint` : "effective-from-hint"}
        aria-invalid={error ? true : undefined}
      />
      <Text size="xs" c="dimmed" id={form ? `${form}-effective-from-hint` : "effective-from-hint"}>
        Leave empty to apply the change now.
      </Text>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
