/**
 * On Hold COD's release flow for the finance approvers (docs/product.md §4 release flow, §5 release
 * form; decision 031): the hidden GET form the rows' checkboxes belong to, the bar that submits
 * it, and the Release Details dialog — rendered on the server from the URL
 * (`?release=1&ids=…`), so the whole flow works without JavaScript.
 */
import { Alert, Button, Textarea, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";

import { TEXT_LIMITS } from "~/services/core/text-input";
import type { FormFailure } from "~/services/http/form-errors.server";
import type { CodView } from "~/services/money/cod-query";
import { MAX_REASON_LENGTH, RELEASE_MESSAGES, releaseSummary } from "~/services/money/release-form";
import type { HeldRemittance } from "~/services/money/remittances.server";
import { postedValue } from "~/ui/account/parts";
import { Group, Stack, Text } from "~/ui/layout";
import { UrlDialog } from "~/ui/UrlDialog";

/** The selection form (GET, hidden): the view rides along, and the checked rows' `ids` join it. */
export function CodSelectForm({ id, view, page }: { id: string; view: CodView; page: number }) {
  return (
    <Form method="get" id={id} className="visually-hidden" aria-hidden>
      {view.q ? (
        <>
          <input type="hidden" name="by" value={view.by} />
          <input type="hidden" name="q" value={view.q} />
        </>
      ) : null}
      <input type="hidden" name="from" value={view.from} />
      <input type="hidden" name="to" value={view.to} />
      {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
      <input type="hidden" name="release" value="1" />
    </Form>
  );
}

/** "Release selected" submits the selection form, which opens Release Details; "Select all N matching" opens the filter's confirmation. */
export function ReleaseBar({
  form,
  disabled,
  total,
  selectAllHref,
}: {
  form: string;
  disabled: boolean;
  total: number;
  selectAllHref: string;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        Select rows, then Release to release them together, or select every remittance the filter matches.
      </Text>
      <Group gap="sm">
        {total > 0 ? (
          <Button component={Link} to={selectAllHref} variant="default" preventScrollReset>
            {`Select all ${total.toLocaleString("en-IN")} matching`}
          </Button>
        ) : null}
        <Button type="submit" form={form} disabled={disabled}>
          Release selected
        </Button>
      </Group>
    </Group>
  );
}

export function Refusal({ children }: { children: string }) {
  return (
    <Alert color="red" role="alert">
      {children}
    </Alert>
  );
}

/** Release Details: the chosen rows and the approver's e-mail and reason, with the action's answer when refused. */
export function ReleaseDialog({
  rows,
  answer,
  closeTo,
  submitting,
}: {
  rows: HeldRemittance[];
  answer: FormFailure | null;
  closeTo: string;
  submitting: boolean;
}) {
  const summary = releaseSummary(rows);
  return (
    <UrlDialog title="Release Details" closeTo={closeTo}>
      {rows.length === 0 ? (
        <Refusal>{answer?.message ?? RELEASE_MESSAGES.none}</Refusal>
      ) : (
        <Form method="post" noValidate>
          <Stack gap="sm">
            {answer?.message ? <Refusal>{answer.message}</Refusal> : null}
            {answer?.fieldErrors?.ids ? <Refusal>{answer.fieldErrors.ids}</Refusal> : null}
            {/* Text nodes "…:", " ", list: the markup the page has always had. */}
            {/* prettier-ignore */}
            <Text size="sm">
              Releasing {summary.count}:{" "}
              {summary.list}
            </Text>
            {rows.map((r) => (
              <input key={r.id} type="hidden" name="ids" value={r.id} />
            ))}
            <ApproverFields answer={answer} />
            <Group justify="flex-end">
              <Button component={Link} to={closeTo} variant="default" preventScrollReset>
                Cancel
              </Button>
              <Button type="submit" loading={submitting}>
                Release
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
    </UrlDialog>
  );
}

/** The approver's e-mail and reason, refilled after a refusal, with their messages. */
export function ApproverFields({ answer }: { answer: FormFailure | null }) {
  return (
    <>
      <TextInput
        name="approver_email"
        type="email"
        label="Approver Email"
        defaultValue={postedValue(answer, "approver_email") ?? ""}
        error={answer?.fieldErrors?.approver_email}
        maxLength={TEXT_LIMITS.email}
        autoComplete="email"
        withAsterisk
      />
      <Textarea
        name="approver_reason"
        label="Approver Reason"
        defaultValue={postedValue(answer, "approver_reason") ?? ""}
        error={answer?.fieldErrors?.approver_reason}
        maxLength={MAX_REASON_LENGTH}
        autosize
        minRows={2}
        withAsterisk
      />
    </>
  );
}
