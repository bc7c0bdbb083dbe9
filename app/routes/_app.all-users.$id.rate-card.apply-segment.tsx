/**
 * Apply segment (docs/product.md §2 "Segment rate cards", §6 vp, §7 apply-segment-rate-data-to-
 * ratecard-data): a dialog over the client's rate card. Choosing a segment is a GET form
 * (`?segment=N`), so the preview of what changes is a URL; Apply is a plain POST.
 */
import "~/ui/small-table.css";

import { Alert, Button, NativeSelect, VisuallyHidden } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { countOf } from "~/services/core/plural";
import { isSegment, SEGMENTS } from "~/services/core/rate-fields";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { applySegment, previewApplySegment } from "~/services/ratecards/bulk.server";
import { applySegmentValidator } from "~/services/ratecards/bulk-forms";
import { CHANGED_FIELD_LABELS, type RowChange, showFieldValue } from "~/services/ratecards/changes";
import { PRICE_TYPE_LABELS, SEGMENT_NAMES } from "~/services/ratecards/fields";
import { notAbleToUpdateRateCard } from "~/services/ratecards/row-form";
import { scheduledToast } from "~/services/ratecards/scheduled";
import { rateCardHref } from "~/services/ratecards/view-query";
import { Group, Stack, Text } from "~/ui/layout";
import { RateCardDialogError } from "~/ui/RateCardDialogError";
import { EffectiveFromField } from "~/ui/ScheduledRateChanges";
import { UrlDialog } from "~/ui/UrlDialog";

/** The preview lists at most this many changed values; the rest are counted. */
const PREVIEW_LIMIT = 200;
const OWN_PARAMS = ["segment"];

/** The card's URL with this dialog's own parameters removed (where Close and success go). */
function parseSegment(value: FormDataEntryValue | string | null): number | null {
  if (value === null || value === "") return null;
  const n = Number(value);
  return isSegment(n) ? n : null;
}

type PreviewLine = {
  key: string;
  courier: string;
  priceType: string;
  field: string;
  old: string | null;
  next: string | null;
};

/** One line per changed value (an added or removed row is one line), capped for the page. */
function previewLines(changes: readonly RowChange[]): { lines: PreviewLine[]; total: number } {
  const lines: PreviewLine[] = [];
  let total = 0;
  for (const c of changes) {
    const head = { courier: c.courier, priceType: `${PRICE_TYPE_LABELS[c.shipment_type]} (${c.delivery_type})` };
    const items =
      c.action === "update"
        ? c.fields.map((f) => ({
            field: CHANGED_FIELD_LABELS[f.field],
            old: showFieldValue(f.field, f.old),
            next: showFieldValue(f.field, f.new),
          }))
        : [{ field: c.action === "create" ? "Row added" : "Row removed", old: null, next: null }];
    for (const [i, item] of items.entries()) {
      total++;
      if (lines.length < PREVIEW_LIMIT)
        lines.push({ key: `${c.courier_service_id}|${c.shipment_type}|${c.delivery_type}|${i}`, ...head, ...item });
    }
  }
  return { lines, total };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "segment.apply" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  const segment = parseSegment(url.searchParams.get("segment"));
  const keep = [...new URLSearchParams(url.search)].filter(([k]) => !OWN_PARAMS.includes(k));
  let preview = null;
  let previewError: string | null = null;
  if (segment !== null) {
    const result = await previewApplySegment(db, staff, { clientId: client.id, segment });
    if (result.ok) {
      const { lines, total } = previewLines(result.changes);
      preview = {
        segment: result.segment,
        segmentName: result.segmentName,
        updated: result.updated,
        created: result.created,
        deleted: result.deleted,
        unchanged: result.unchanged,
        lines,
        more: total - lines.length,
        cardToken: result.cardToken,
      };
    } else {
      previewError = result.message;
    }
  }
  return {
    clientId: client.id,
    clientName: client.name,
    segment,
    keep,
    preview,
    previewError,
    closeTo: rateCardHref(client.id, url, OWN_PARAMS),
    selfSearch: url.search,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "segment.apply" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  if (form.get("intent") !== "apply") throw new Response("Unknown action.", { status: 400 });
  const read = await readForm(form, applySegmentValidator);
  if (!read.ok) return read.response;
  // The preview's card token: the segment is applied only to the card the person previewed (none: refused as changed).
  const { effective_from: effectiveAt, ...apply } = read.data;
  const result = await applySegment(db, staff, { clientId: client.id, ...apply, effectiveAt });
  if (!result.ok) return failureAnswer(notAbleToUpdateRateCard(result), read.submitted);
  return redirectWithToast(request, rateCardHref(client.id, new URL(request.url), OWN_PARAMS), {
    kind: "success",
    message: result.scheduled ? scheduledToast(result.scheduled.effectiveAt) : "Updated Successfully",
  });
}

export default function ApplySegmentDialog() {
  const { clientId, clientName, segment, keep, preview, previewError, closeTo, selfSearch } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormFailure | undefined;
  const refusal = answer ? (answer.message ?? Object.values(answer.fieldErrors ?? {})[0]) : null;
  const navigation = useNavigation();
  const self = `/all-users/${clientId}/rate-card/apply-segment`;
  const applying = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <UrlDialog title="Apply segment" closeTo={closeTo}>
      <Stack gap="sm">
        <Text size="sm">
          Replace the rates of <b>{clientName}</b> with a segment rate card. Preview what changes before you apply it.
        </Text>
        <Form method="get" action={self} preventScrollReset>
          {keep.map(([k, v]) => (
            <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
          ))}
          <Group align="flex-end" gap="sm">
            <NativeSelect
              name="segment"
              label="Segment"
              defaultValue={segment === null ? "0" : String(segment)}
              key={segment ?? "none"}
              data={SEGMENTS.map((s) => ({ value: String(s), label: SEGMENT_NAMES[s] }))}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default">
              Preview
            </Button>
          </Group>
        </Form>

        {refusal ? (
          <Alert color="red" role="alert" data-testid="apply-segment-error">
            {refusal}
          </Alert>
        ) : null}
        {previewError ? (
          <Alert color="red" role="alert">
            {previewError}
          </Alert>
        ) : null}

        {preview ? (
          <Stack gap="sm" data-testid="segment-preview">
            <Text size="sm" data-testid="segment-preview-counts">
              Applying <b>{preview.segmentName}</b>: {countOf(preview.updated, "row", "rows")} updated,{" "}
              {preview.created} added, {preview.deleted} removed, {preview.unchanged} unchanged.
            </Text>
            {preview.lines.length === 0 ? (
              <Text size="sm">The client's rates already match {preview.segmentName}; nothing would change.</Text>
            ) : (
              <div style={{ maxHeight: 320, overflow: "auto" }} tabIndex={0} role="region" aria-label="Changes">
                <table className="small-table small-table-bordered small-table-compact small-table-sticky">
                  <caption>New values beside the old ones, struck through</caption>
                  <thead>
                    <tr>
                      <th scope="col">Courier</th>
                      <th scope="col">Price type</th>
                      <th scope="col">Field</th>
                      <th scope="col">Value</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.lines.map((l) => (
                      <tr key={l.key} data-testid="segment-change">
                        <td>{l.courier}</td>
                        <td>{l.priceType}</td>
                        <td>{l.field}</td>
                        <td>
                          {l.next !== null ? (
                            <>
                              <Text span fw={700}>
                                {l.next}
                              </Text>{" "}
                              <Text component="del" c="dimmed" td="line-through" size="sm">
                                <VisuallyHidden>was </VisuallyHidden>
                                {l.old}
                              </Text>
                            </>
                          ) : (
                            "—"
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {preview.more > 0 ? (
              <Text size="sm" c="dimmed" data-testid="segment-preview-more">
                and {preview.more.toLocaleString("en-IN")} more
              </Text>
            ) : null}
            <Form method="post" action={`${self}${selfSearch}`} preventScrollReset>
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="segment" value={preview.segment} />
              <input type="hidden" name="cardToken" value={preview.cardToken} />
              <EffectiveFromField />
              <Group justify="flex-end" mt="sm">
                <Button component={Link} to={closeTo} variant="default" preventScrollReset>
                  Cancel
                </Button>
                <Button type="submit" loading={applying}>
                  Apply
                </Button>
              </Group>
            </Form>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Choose a segment and press Preview to see what changes.
          </Text>
        )}
      </Stack>
    </UrlDialog>
  );
}

export function ErrorBoundary() {
  return (
    <RateCardDialogError
      title="Apply segment"
      fallback={"Something went wrong; nothing was changed."}
      dialogParams={OWN_PARAMS}
    />
  );
}
