/**
 * A refusal of a rate row's edit, shown in the row itself, under its inputs (decision 070):
 * refused fields, or someone else's change with their values beside the person's own. With
 * JavaScript it scrolls into view and takes the focus; without, the refused post returns to
 * the page at the row (`#rate-row-editing`).
 */
import { Alert, Button } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useFormContext } from "remix-validated-form";

import { RATE_FIELDS, type RateField } from "~/services/core/rate-fields";
import { RATE_FIELD_LABELS } from "~/services/ratecards/fields";
import { SOME_FIELD_NOT_VALID } from "~/services/ratecards/row-form";
import { Group, Stack, Text } from "~/ui/layout";

import { EDITING_ROW_ID, NoticeRow, rateInputId } from "./RateTable";

/** Someone else's change of the row: the message, their values and the person's own. */
export type RowConflictData = {
  rowId: number;
  message: string;
  courier: string;
  current: Record<RateField, string>;
  mine: Partial<Record<RateField, string>>;
};

/**
 * Once, as the notice appears: the row being edited scrolls to the top of the view (the notice
 * is right under it), as the refused post's `#rate-row-editing` does without JavaScript, and
 * the notice takes the focus.
 */
function useIntoView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    document.getElementById(EDITING_ROW_ID)?.scrollIntoView({ block: "start", inline: "nearest" });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}

/**
 * Someone else saved the row first (docs/architecture.md §5). "Use theirs" edits from the values
 * now stored; "Keep editing" keeps the person's own in the inputs (Save then compares with theirs).
 */
export function RowConflict({ conflict, useTheirsHref }: { conflict: RowConflictData; useTheirsHref: string }) {
  const ref = useIntoView<HTMLDivElement>();
  const [dismissed, setDismissed] = useState(false);
  const differing = RATE_FIELDS.filter((f) => (conflict.mine[f] ?? "") !== conflict.current[f]);
  const firstField = differing[0] ?? RATE_FIELDS[0];
  if (dismissed) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color="orange" role="alert" title="Not saved" data-testid="rate-conflict">
      <Stack gap="xs">
        <Text size="sm">{conflict.message}</Text>
        <Group gap="sm">
          {/* A new page: the inputs start again from the values now stored. */}
          <Button component="a" href={useTheirsHref} size="xs">
            Use theirs
          </Button>
          {/* Without JavaScript a link to the first differing input; with it, the notice closes too. */}
          <Button
            component="a"
            href={`#${rateInputId(firstField)}`}
            size="xs"
            variant="default"
            onClick={(e) => {
              e.preventDefault();
              setDismissed(true);
              document.getElementById(rateInputId(firstField))?.focus();
            }}
          >
            Keep editing
          </Button>
        </Group>
        {differing.length > 0 ? (
          <table
            className="plain-table rate-conflict-values"
            aria-label={`Their values and yours for ${conflict.courier}`}
          >
            <thead>
              <tr>
                <th>Field</th>
                <th>Their value</th>
                <th>Your value</th>
              </tr>
            </thead>
            <tbody>
              {differing.map((f) => (
                <tr key={f} data-field={f}>
                  <td>{RATE_FIELD_LABELS[f]}</td>
                  <td data-testid={`theirs-${f}`}>{conflict.current[f]}</td>
                  <td data-testid={`mine-${f}`}>{conflict.mine[f] ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The server refused some fields (without JavaScript): the spec's text, by the fields. */
export function RowInvalid({ message }: { message: string }) {
  const ref = useIntoView<HTMLDivElement>();
  return (
    <Alert ref={ref} tabIndex={-1} color="red" role="alert" title={message} data-testid="rate-error">
      Correct the highlighted fields and save again.
    </Alert>
  );
}

/** Any other refusal of the row's save (not someone else's change, not its fields): in the row too. */
export function RowRefused({ message }: { message: string }) {
  const ref = useIntoView<HTMLDivElement>();
  return (
    <Alert ref={ref} tabIndex={-1} color="red" role="alert" title="Not saved" data-testid="rate-error">
      {message}
    </Alert>
  );
}

/**
 * A refusal about a row the page no longer shows (deleted, or a new card uploaded): above the
 * card, as the row is not there. With JavaScript (the page keeps its scroll) it brings itself
 * into view and takes the focus; without, the refused post opens the page at its top.
 */
export function RowGone({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "center", inline: "nearest" });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Alert ref={ref} tabIndex={-1} color="red" role="alert" title="Not saved" data-testid="rate-error">
      {message}
    </Alert>
  );
}

/** With JavaScript, an invalid Save is refused in the browser: the spec's toast text, at once, by the fields. */
export function ClientInvalidRow({ formId, columns }: { formId: string; columns: number }) {
  const form = useFormContext(formId);
  if (!form.hasBeenSubmitted || form.isValid) return null;
  return (
    <NoticeRow columns={columns}>
      <Alert color="red" role="alert" title={SOME_FIELD_NOT_VALID} data-testid="rate-error">
        Correct the highlighted fields and save again.
      </Alert>
    </NoticeRow>
  );
}
