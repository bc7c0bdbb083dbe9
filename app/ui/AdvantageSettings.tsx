/**
 * Premium "Advantage Settings" (docs/product.md §2, §3, §5, §6, §9): the cashback plans, their
 * percentages or values, the TAT per zone and the max cashback liability. A plain form post
 * (works without JavaScript); with JavaScript, fields validate as you type and Apply is
 * disabled while anything is invalid. Inputs are disabled for everyone but a vp, and the EDD
 * assurance radio is always disabled.
 */
import "@mantine/core/styles/SimpleGrid.css";

import { Alert, Button, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useField, useFormContext, ValidatedForm } from "remix-validated-form";

import {
  DELIVERED_PLAN_LABELS,
  type DeliveredCashbackPlan,
  RETURN_PLAN_LABELS,
  type ReturnCashbackPlan,
} from "~/services/advantage/cashback";
import {
  AMOUNT_FIELD_LABELS,
  type AmountField,
  ASSURANCE_OPTIONS,
  type CashbackFormValues,
  cashbackValidator as validator,
  SOME_FORM_FIELDS_INVALID,
} from "~/services/advantage/cashback-form";
import { ZONE_COLUMNS } from "~/services/core/zones";
import { Group, Stack, Text, Title } from "~/ui/layout";
import { useHydrated } from "~/ui/useHydrated";

export const CASHBACK_FORM_ID = "advantage-settings";

/**
 * The values the inputs start from, passed to each input directly: the form library keeps
 * defaults per form id, and a form remounted after a save (new version) would otherwise
 * start from the previous instance's defaults rather than what was saved.
 */
const StartValues = createContext<CashbackFormValues>({});

/**
 * A field's message once it has been touched or the form submitted (docs/product.md §5: nothing red
 * on a first visit). Server-rendered, the server's refusal shows as it is.
 */
function useShownError(name: string): string | undefined {
  const f = useField(name);
  const form = useFormContext(CASHBACK_FORM_ID);
  const hydrated = useHydrated();
  return !hydrated || f.touched || form.hasBeenSubmitted ? f.error : undefined;
}

function AmountInputs({
  field,
  disabled,
  hint,
  used,
}: {
  field: AmountField;
  disabled: boolean;
  hint: string;
  used: boolean;
}) {
  const start = useContext(StartValues);
  const kind = useField(`${field}_kind`);
  const amount = useField(`${field}_amount`);
  const amountError = useShownError(`${field}_amount`);
  const hydrated = useHydrated();
  const label = AMOUNT_FIELD_LABELS[field];
  // With JavaScript only the inputs the chosen plan uses show; an input with a
  // message stays in view. Without JavaScript all show, each saying which plans use it.
  const hidden = hydrated && !used && !amount.error;
  return (
    <Group
      align="flex-start"
      gap="xs"
      wrap="nowrap"
      style={hidden ? { display: "none" } : undefined}
      data-testid={`amount-${field}`}
    >
      <NativeSelect
        {...kind.getInputProps({ id: `${field}_kind` })}
        defaultValue={start[`${field}_kind`]}
        label={`${label} type`}
        data={[
          { value: "percentage", label: "Percentage (%)" },
          { value: "value", label: "Value (₹)" },
        ]}
        disabled={disabled}
        w={170}
      />
      <TextInput
        {...amount.getInputProps({ id: `${field}_amount` })}
        defaultValue={start[`${field}_amount`]}
        label={label}
        description={hint}
        error={amountError}
        inputMode="decimal"
        disabled={disabled}
        w={220}
      />
    </Group>
  );
}

/** Native radios and fieldsets: a page carries a dozen of them, and Mantine's versions cost far more to render. */
function RadioOption({
  name,
  value,
  label,
  checked,
  disabled,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  disabled: boolean;
}) {
  const id = `${name}-${value}`;
  return (
    <label
      htmlFor={id}
      className="settings-radio"
      style={{ display: "flex", gap: 8, alignItems: "center", fontSize: "var(--mantine-font-size-sm)" }}
    >
      <input type="radio" id={id} name={name} value={value} defaultChecked={checked} disabled={disabled} />
      {label}
    </label>
  );
}

function Fieldset({
  legend,
  disabled,
  children,
  onChange,
}: {
  legend: string;
  disabled: boolean;
  children: ReactNode;
  onChange?: (e: FormEvent<HTMLFieldSetElement>) => void;
}) {
  return (
    <fieldset
      disabled={disabled}
      onChange={onChange}
      style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8, padding: "8px 16px 16px", margin: 0 }}
    >
      <legend style={{ fontWeight: 600, fontSize: "var(--mantine-font-size-sm)", padding: "0 4px" }}>{legend}</legend>
      {children}
    </fieldset>
  );
}

function TextField({
  name,
  label,
  disabled,
  description,
}: {
  name: string;
  label: string;
  disabled: boolean;
  description?: string;
}) {
  const start = useContext(StartValues);
  const f = useField(name);
  const error = useShownError(name);
  return (
    <TextInput
      {...f.getInputProps({ id: name })}
      defaultValue={start[name]}
      label={label}
      description={description}
      error={error}
      inputMode="decimal"
      disabled={disabled}
    />
  );
}

/**
 * With JavaScript, checks the whole form after every change (not as it loads: a first visit,
 * whose max cashback liability starts empty, shows nothing red) and marks the changed field
 * touched, so each touched invalid field shows its message; Apply is disabled while a shown
 * message stands, and submitting shows them all.
 */
function useValidateWhileEditing(enabled: boolean): boolean {
  const form = useFormContext(CASHBACK_FORM_ID);
  const latest = useRef(form);
  latest.current = form;
  // Whether the values as they stand would be accepted: on load too, without showing a message
  // (Apply is disabled while the form is invalid, decision 070).
  const [valid, setValid] = useState(true);
  useEffect(() => {
    const element = enabled ? (document.getElementById(CASHBACK_FORM_ID) as HTMLFormElement | null) : null;
    if (!element) return;
    let run = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    validator
      .validate(new FormData(element))
      .then((result) => setValid(!result.error))
      .catch(() => {});
    const check = () => {
      const mine = ++run;
      latest.current
        .validate()
        .then((result) => {
          if (mine !== run) return;
          setValid(!result.error);
          // validate() only adds errors: clear them once the (latest) values are valid.
          if (!result.error) latest.current.clearAllErrors();
        })
        .catch(() => {});
    };
    // Deferred to a task of its own: after this commit's effects (the form registers its element
    // in its own, parent, effect) and after a change's own handlers (a field clears its error on
    // change, which must not undo this check).
    const later = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (name) latest.current.setFieldTouched(name, true);
      clearTimeout(pending);
      pending = setTimeout(check, 0);
    };
    element.addEventListener("input", later);
    element.addEventListener("change", later);
    return () => {
      clearTimeout(pending);
      element.removeEventListener("input", later);
      element.removeEventListener("change", later);
    };
  }, [enabled]);
  return valid;
}

function Actions({ canEdit, serverInvalid }: { canEdit: boolean; serverInvalid: boolean }) {
  const form = useFormContext(CASHBACK_FORM_ID);
  const hydrated = useHydrated();
  const valid = useValidateWhileEditing(canEdit);
  // Server-rendered (no JavaScript), the form's own state is empty: the server's refusal decides.
  const shownError = Object.keys(form.fieldErrors).some((name) => form.hasBeenSubmitted || form.touchedFields[name]);
  const invalid = (!hydrated && serverInvalid) || (!form.isValid && (form.hasBeenSubmitted || serverInvalid));
  return (
    <Stack gap="xs">
      {invalid ? (
        <Alert color="red" role="alert" data-testid="settings-invalid">
          {SOME_FORM_FIELDS_INVALID}
        </Alert>
      ) : null}
      {canEdit ? (
        <Group justify="flex-end">
          {hydrated && !valid && !shownError ? (
            // Nothing is red before a field is touched (docs/product.md §5): say plainly why Apply waits.
            <Text size="sm" c="dimmed" data-testid="apply-waits">
              Apply is available once every field is filled in and valid.
            </Text>
          ) : null}
          <Button type="submit" disabled={hydrated && (shownError || !valid)} loading={form.isSubmitting}>
            Apply
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Only a vp can change these settings.
        </Text>
      )}
    </Stack>
  );
}

export function AdvantageSettings({
  action,
  values,
  version,
  canEdit,
  serverInvalid,
  message,
}: {
  action: string;
  values: CashbackFormValues;
  version: number;
  canEdit: boolean;
  /** The server refused the last post (no-JS path). */
  serverInvalid: boolean;
  /** A failure to show above the form (conflict, not able to update). */
  message: string | null;
}) {
  const disabled = !canEdit;
  const [plans, setPlans] = useState({ ret: values.return_plan, delivered: values.delivered_plan });
  const onPlanChange = (event: FormEvent<HTMLFieldSetElement>) => {
    const t = event.target as HTMLInputElement;
    if (t.name === "return_plan") setPlans((p) => ({ ...p, ret: t.value }));
    if (t.name === "delivered_plan") setPlans((p) => ({ ...p, delivered: t.value }));
  };
  return (
    <section aria-labelledby="advantage-settings-title" data-testid="advantage-settings">
      <Stack gap="sm">
        <Title order={2} size="h4" id="advantage-settings-title">
          Advantage Settings
        </Title>
        {message ? (
          <Alert color="red" role="alert" data-testid="settings-error">
            {message}
          </Alert>
        ) : null}
        <StartValues.Provider value={values}>
          <ValidatedForm
            validator={validator}
            method="post"
            action={action}
            id={CASHBACK_FORM_ID}
            defaultValues={values}
            noValidate
            preventScrollReset
          >
            <input type="hidden" name="intent" value="cashback" />
            <input type="hidden" name="version" value={version} />
            <Stack gap="md">
              <Fieldset legend="EDD assurance" disabled>
                <Group gap="lg">
                  {ASSURANCE_OPTIONS.map((a) => (
                    <RadioOption
                      key={a}
                      name="assurance"
                      value={String(a)}
                      label={`${a}%`}
                      checked={values.assurance === String(a)}
                      disabled
                    />
                  ))}
                </Group>
              </Fieldset>

              <Fieldset
                legend="Return cashback (RTO after a breached promise)"
                disabled={disabled}
                onChange={onPlanChange}
              >
                <Stack gap="sm">
                  <Stack gap={6} role="radiogroup" aria-label="Return cashback plan">
                    {([1, 2, 3, 4] as ReturnCashbackPlan[]).map((p) => (
                      <RadioOption
                        key={p}
                        name="return_plan"
                        value={String(p)}
                        label={`Plan ${p}: ${RETURN_PLAN_LABELS[p]}`}
                        checked={values.return_plan === String(p)}
                        disabled={disabled}
                      />
                    ))}
                  </Stack>
                  <AmountInputs
                    field="return_rto"
                    disabled={disabled}
                    hint="Plans 3 and 4: share of the RTO freight"
                    used={plans.ret === "3" || plans.ret === "4"}
                  />
                  <AmountInputs
                    field="return_forward"
                    disabled={disabled}
                    hint="Plan 4: share of the forward freight"
                    used={plans.ret === "4"}
                  />
                </Stack>
              </Fieldset>

              <Fieldset
                legend="Delivered-breach cashback (delivered after the promise)"
                disabled={disabled}
                onChange={onPlanChange}
              >
                <Stack gap="sm">
                  <Stack gap={6} role="radiogroup" aria-label="Delivered-breach cashback plan">
                    {([1, 2] as DeliveredCashbackPlan[]).map((p) => (
                      <RadioOption
                        key={p}
                        name="delivered_plan"
                        value={String(p)}
                        label={`Plan ${p}: ${DELIVERED_PLAN_LABELS[p]}`}
                        checked={values.delivered_plan === String(p)}
                        disabled={disabled}
                      />
                    ))}
                  </Stack>
                  <AmountInputs
                    field="delivered_forward"
                    disabled={disabled}
                    hint="Plan 2: share of the forward freight"
                    used={plans.delivered === "2"}
                  />
                </Stack>
              </Fieldset>

              <Fieldset legend="Promised turnaround (days)" disabled={disabled}>
                <SimpleGrid cols={{ base: 2, sm: 5 }}>
                  {ZONE_COLUMNS.map((z) => (
                    <TextField
                      key={z.zone}
                      name={`tat_zone${z.zone}`}
                      label={`${z.name} '${z.label}' TAT`}
                      disabled={disabled}
                    />
                  ))}
                </SimpleGrid>
              </Fieldset>

              <TextField
                name="max_tat_liability"
                label="Max cashback liability (₹)"
                description="The most one shipment's cashback can be."
                disabled={disabled}
              />
              <Actions canEdit={canEdit} serverInvalid={serverInvalid} />
            </Stack>
          </ValidatedForm>
        </StartValues.Provider>
      </Stack>
    </section>
  );
}
