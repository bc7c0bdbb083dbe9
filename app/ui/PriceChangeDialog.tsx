/**
 * "Change prices" (decision 074): one dialog for a client's card and a segment card. Step one is
 * a GET form (its values in the URL, `step=preview`); the preview lists every affected row old →
 * new with the counts and the largest change, and Apply posts the same values with the plan's
 * digest. Native radios and checkboxes: both steps work without JavaScript.
 */
import "~/ui/small-table.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Radio.css";

import { Alert, Button, Checkbox, Radio, TextInput } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { ZONE_LABELS, ZONES } from "~/services/core/zones";
import { RATE_TABS, TAB_LABELS } from "~/services/ratecards/fields";
import { PRICE_CHANGE_COLUMN_LABELS, PRICE_CHANGE_COLUMNS, ROUNDING_NOTE } from "~/services/ratecards/price-change";
import type { PriceChangeDialogData } from "~/services/ratecards/price-change-dialog.server";
import { Group, Stack, Text } from "~/ui/layout";
import { EffectiveFromField } from "~/ui/ScheduledRateChanges";
import { UrlDialog } from "~/ui/UrlDialog";

const FORM_ID = "price-change-form";
const APPLY_ID = "price-change-apply";

/** A set of checkboxes of one name, those in `chosen` ticked. */
function CheckboxChoices({
  legend,
  name,
  error,
  chosen,
  options,
}: {
  legend: string;
  name: string;
  error?: string;
  chosen: readonly string[];
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <Choices legend={legend} error={error}>
      {options.map(([value, label]) => (
        <Checkbox key={value} name={name} value={value} defaultChecked={chosen.includes(value)} label={label} />
      ))}
    </Choices>
  );
}

function Choices({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend>
        <Text size="sm" fw={600} span>
          {legend}
        </Text>
      </legend>
      <Group gap="md" mt={4}>
        {children}
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert" data-testid={`error-${legend}`}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}

type DialogProps = {
  /** "Acme Traders" or "Segment One". */
  cardName: string;
  data: PriceChangeDialogData;
  /** The dialog's path (no query). */
  self: string;
  /** The card's own query parameters, kept through both steps. */
  keep: [string, string][];
  closeTo: string;
  /** Apply's refusal, if any. */
  refusal: string | null;
  /** A refused "Effective from" (a time not in the future). */
  effectiveFromError?: string | null;
};

const hidden = (pairs: [string, string][]) =>
  pairs.map(([k, v], i) => <input key={`${k}=${v}#${i}`} type="hidden" name={k} value={v} />);

export function PriceChangeDialog(props: DialogProps) {
  return props.data.preview ? <PreviewStep {...props} preview={props.data.preview} /> : <FormStep {...props} />;
}

type Preview = NonNullable<PriceChangeDialogData["preview"]>;

function PreviewStep({
  cardName,
  self,
  keep,
  closeTo,
  refusal,
  effectiveFromError,
  preview,
}: DialogProps & { preview: Preview }) {
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const back = new URLSearchParams([...keep, ...preview.params]).toString();
  const applySearch = new URLSearchParams([...keep, ...preview.params, ["step", "preview"]]).toString();
  return (
    <UrlDialog
      title="Change prices"
      closeTo={closeTo}
      actions={
        <Group justify="flex-end">
          <Button component={Link} to={`${self}?${back}`} variant="default" preventScrollReset>
            Back
          </Button>
          {preview.valueCount > 0 ? (
            <Button type="submit" form={APPLY_ID} loading={applying}>
              Apply
            </Button>
          ) : null}
        </Group>
      }
    >
      <Stack gap="sm" data-testid="price-change-preview">
        {refusal ? (
          <Alert color="red" role="alert" data-testid="price-change-error">
            {refusal}
          </Alert>
        ) : null}
        <Text size="sm" data-testid="price-change-counts">
          {preview.valueCount === 0
            ? `This change would not change any price of ${cardName}.`
            : `${preview.rowCount} ${preview.rowCount === 1 ? "row" : "rows"} of ${cardName} change (${preview.valueCount} ${preview.valueCount === 1 ? "price" : "prices"}).`}
        </Text>
        {preview.largest ? (
          <Text size="sm" data-testid="price-change-largest">
            Largest change: {preview.largest.courier} · {preview.largest.priceType} · {preview.largest.field}:{" "}
            {preview.largest.old} → {preview.largest.new} ({preview.largest.difference})
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {ROUNDING_NOTE}
        </Text>
        {preview.rows.length > 0 ? <PreviewTable rows={preview.rows} /> : null}
        <Form id={APPLY_ID} method="post" action={`${self}?${applySearch}`} preventScrollReset>
          <input type="hidden" name="intent" value="apply" />
          {hidden(preview.params)}
          <input type="hidden" name="planToken" value={preview.token} />
          {/* Apply now, or from a date (decision 076): the same field as every rate change's confirm. */}
          {preview.valueCount > 0 ? <EffectiveFromField error={effectiveFromError} /> : null}
        </Form>
      </Stack>
    </UrlDialog>
  );
}

/** Every affected row, its changed prices old (struck through) → new: plain elements, one row per card row. */
function PreviewTable({ rows }: { rows: Preview["rows"] }) {
  return (
    <div role="region" aria-label="Changes" tabIndex={0}>
      <table className="small-table small-table-bordered small-table-compact small-table-sticky">
        <caption>Every affected row, old → new</caption>
        <thead>
          <tr>
            <th scope="col">Courier</th>
            <th scope="col">Price type</th>
            <th scope="col">Old → new</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.rowId} data-testid="price-change-row" data-row-id={r.rowId}>
              <td>{r.courier}</td>
              <td>{r.priceType}</td>
              <td>
                {r.fields.map((f) => (
                  <div key={f.field}>
                    {f.field}:{" "}
                    <del>
                      <span className="visually-hidden">was </span>
                      {f.old}
                    </del>{" "}
                    → <b>{f.new}</b>
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FormStep({ cardName, data, self, keep, closeTo }: DialogProps) {
  const { values, fieldErrors: errors, previewError } = data;
  return (
    <UrlDialog
      title="Change prices"
      closeTo={closeTo}
      actions={
        <Group justify="flex-end">
          <Button component={Link} to={closeTo} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID}>
            Preview
          </Button>
        </Group>
      }
    >
      <Form id={FORM_ID} method="get" action={self} preventScrollReset>
        {hidden(keep)}
        <input type="hidden" name="step" value="preview" />
        <Stack gap="sm">
          <Text size="sm">
            Change the prices of <b>{cardName}</b> by a percent or by rupees. You will see every change before it is
            applied.
          </Text>
          {previewError ? (
            <Alert color="red" role="alert" data-testid="price-change-error">
              {previewError.message}
              {previewError.lines.length > 0 ? (
                <ul style={{ margin: "4px 0 0", paddingLeft: 18 }}>
                  {previewError.lines.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          <Choices legend="Change by">
            <Radio name="by" value="percent" label="Percent (%)" defaultChecked={values.by !== "rupees"} />
            <Radio name="by" value="rupees" label="Rupees (₹)" defaultChecked={values.by === "rupees"} />
          </Choices>
          <Choices legend="Direction">
            <Radio name="sign" value="up" label="Increase (+)" defaultChecked={values.sign !== "down"} />
            <Radio name="sign" value="down" label="Decrease (−)" defaultChecked={values.sign === "down"} />
          </Choices>
          <TextInput
            name="amount"
            label="Amount"
            description="Up to two decimals, e.g. 5 or 2.50"
            defaultValue={values.amount}
            maxLength={20}
            inputMode="decimal"
            error={errors?.amount}
            style={{ maxWidth: 220 }}
          />
          <Text size="xs" c="dimmed">
            {ROUNDING_NOTE}
          </Text>
          <WhatChanges data={data} />
        </Stack>
      </Form>
    </UrlDialog>
  );
}

/** The couriers, zones, columns and shipment types a change applies to. */
function WhatChanges({ data: { couriers, values, fieldErrors: errors } }: { data: PriceChangeDialogData }) {
  return (
    <>
      <Choices legend="Couriers" error={errors?.courier}>
        <Stack gap={4} style={{ maxHeight: 180, overflow: "auto", width: "100%" }}>
          {couriers.map((c) => (
            <Checkbox
              key={c.id}
              name="courier"
              value={c.id}
              defaultChecked={values.courier.includes(c.id)}
              label={c.active ? c.name : `${c.name} (switched off)`}
            />
          ))}
        </Stack>
      </Choices>
      <CheckboxChoices
        legend="Zones"
        name="zone"
        error={errors?.zone}
        chosen={values.zone}
        options={ZONES.map((z) => [z, `Zone ${z} (${ZONE_LABELS[z]})`])}
      />
      <CheckboxChoices
        legend="Columns"
        name="column"
        error={errors?.column}
        chosen={values.column}
        options={PRICE_CHANGE_COLUMNS.map((c) => [c, PRICE_CHANGE_COLUMN_LABELS[c]])}
      />
      <Text size="xs" c="dimmed">
        Min COD Charge and COD Percentage are the courier's terms: they change on every row of a chosen courier,
        whatever shipment types are chosen.
      </Text>
      <CheckboxChoices
        legend="Shipment types"
        name="shipment"
        error={errors?.shipment}
        chosen={values.shipment}
        options={RATE_TABS.map((t) => [t, TAB_LABELS[t]])}
      />
    </>
  );
}
