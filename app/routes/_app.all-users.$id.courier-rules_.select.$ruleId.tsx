/**
 * The Pickrr Select rule editor (spec part 1 §2, §4, §5, §7 alloc-engine rule and CSV
 * uploads; part 2 §4, §5; issue 13): a page of its own, `…/courier-rules/select/new` or
 * `…/select/{ruleId}`, so it deep-links and works without JavaScript. A multipart post: the
 * product and pincode lists are comma-separated text or a one-column CSV file (which replaces
 * the text). A stored list longer than INLINE_LIST_MAX is not echoed into the page: it shows as
 * a summary with a CSV download and Keep (nothing posted; the server keeps the stored list) /
 * Replace / Clear (decision 033). vp and avp only.
 */
import { Alert, Button, Checkbox, NativeSelect, Radio, TextInput, Textarea } from "@mantine/core";
import { Group, Paper, Stack, Title, Text } from "~/ui/layout";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { ZONES, ZONE_LABELS, ZONE_TAT_DAYS } from "~/services/core/zones";
import { ORDER_TYPES, SERVICE_TYPES } from "~/services/courier-setup/custom-rule-form";
import { rulesHref } from "~/services/courier-setup/rules-view";
import {
  LANE_PLACES,
  LANE_ROWS,
  MAX_LIST_ENTRIES,
  PRIORITY_ROWS,
  RANGE_ROWS,
  SELECTION_TYPES,
  longListSummaries,
  parseSelectRule,
  selectRuleReady,
  selectRuleValues,
  valuesOfRule,
  type ListField,
  type ListMode,
  type ListSummary,
  type SelectRuleValues,
} from "~/services/courier-setup/select-rule-form";
import { getSelectRuleForEditor, saveSelectRule, selectRuleCouriers } from "~/services/courier-setup/select-rules.server";
import { getDb } from "~/services/db/client.server";
import { readMultipart, takeFile } from "~/services/http/upload.server";
import { CheckboxSet, ChoiceSet } from "~/ui/CustomRuleForm";
import { useHydrated } from "~/ui/useHydrated";

/** 100,000 pincodes of 6 digits with separators, and some room: the CSV file and the text fields. */
const MAX_LIST_BYTES = 2 * 1024 * 1024;
const LIST_FILES = [
  ["product_list", "product_csv", "Product list"],
  ["fm_list", "fm_csv", "Pickup pincode list"],
  ["lm_list", "lm_csv", "Destination pincode list"],
] as const;

function ruleIdOf(param: string | undefined): number | null | "bad" {
  if (param === "new") return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : "bad";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "select-rule.edit" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const ruleId = ruleIdOf(params.ruleId);
  if (ruleId === "bad") throw new Response("This rule does not exist.", { status: 404 });
  const [stored, names] = await Promise.all([ruleId === null ? null : getSelectRuleForEditor(db, client.id, ruleId), selectRuleCouriers(db, client.id)]);
  if (ruleId !== null && !stored) throw new Response("This rule does not exist.", { status: 404 });
  return {
    clientId: client.id,
    ruleId,
    values: valuesOfRule(stored?.rule ?? null, stored?.version ?? null, stored?.sizes),
    /** Long stored lists: their size and first entries only. */
    lists: longListSummaries(stored?.rule ?? null, stored?.sizes),
    names,
  };
}

export type EditorAnswer = { message: string; fieldErrors: Record<string, string>; values: SelectRuleValues | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "select-rule.edit" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const ruleId = ruleIdOf(params.ruleId);
  if (ruleId === "bad") throw new Response("This rule does not exist.", { status: 404 });
  const read = await readMultipart(request, {
    maxFileBytes: MAX_LIST_BYTES,
    messages: {
      tooLarge: `A list may hold at most ${MAX_LIST_ENTRIES.toLocaleString("en-IN")} entries (files up to 2 MB).`,
      notMultipart: "Please submit the rule form.",
    },
  });
  if (!read.ok) return data<EditorAnswer>({ message: read.message, fieldErrors: {}, values: null }, { status: read.status });
  const values = selectRuleValues(read.form);
  const fileErrors: Record<string, string> = {};
  for (const [field, fileField] of LIST_FILES) {
    const chosen = read.form.getAll(fileField).some((f) => typeof f !== "string" && !(f.name === "" && f.size === 0));
    if (!chosen) continue;
    const taken = await takeFile(read.form, fileField, { kinds: ["csv"], messages: { wrongKind: "You can only upload csv file!" } });
    if (!taken.ok || taken.file.text === null) fileErrors[field] = taken.ok ? "You can only upload csv file!" : taken.message;
    else values[field] = taken.file.text;
  }
  if (Object.keys(fileErrors).length > 0)
    return data<EditorAnswer>({ message: "Some form fields are invalid.", fieldErrors: fileErrors, values }, { status: 400 });
  const result = await saveSelectRule(db, staff, { clientId: client.id, ruleId, values });
  if (result.ok) {
    return redirectWithToast(request, rulesHref(client.id, { panel: "pickrr_select" }), {
      kind: "success",
      message: result.created ? "Rule created successfully!" : "Rule edited successfully!",
    });
  }
  if (result.status === 400)
    return data<EditorAnswer>({ message: result.message, fieldErrors: "fieldErrors" in result ? result.fieldErrors ?? {} : {}, values }, { status: 400 });
  if (result.status === 409 && "current" in result) {
    return data<EditorAnswer>({ message: result.message, fieldErrors: {}, values: valuesOfRule(result.current.rule, result.current.version) }, { status: 409 });
  }
  throw new Response(result.message, { status: result.status });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export default function SelectRuleEditor() {
  const { clientId, ruleId, values: stored, lists, names } = useLoaderData<typeof loader>();
  const answer = useActionData<EditorAnswer>();
  const initial = answer?.values ?? stored;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {ruleId === null ? "Create New Rule" : `Edit rule: ${stored.name}`}
        </Title>
        <Link to={rulesHref(clientId, { panel: "pickrr_select" })}>Back to Pickrr Select rules</Link>
      </Group>
      {answer?.message && (
        <Alert color="red" role="alert" data-testid="editor-error">
          {answer.message}
          {Object.values(answer.fieldErrors).length > 0 && (
            <ul className="instruction-list">
              {Object.entries(answer.fieldErrors).map(([k, v]) => (
                <li key={k}>{v}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <EditorForm
        key={`${initial.version}-${answer ? "answer" : "stored"}`}
        initial={initial}
        errors={answer?.fieldErrors ?? {}}
        names={names}
        lists={lists}
        download={(field) => `/all-users/${clientId}/courier-rules/select/${ruleId}/lists/${field}`}
        cancel={rulesHref(clientId, { panel: "pickrr_select" })}
      />
    </Stack>
  );
}

function EditorForm({
  initial,
  errors,
  names,
  lists,
  download,
  cancel,
}: {
  initial: SelectRuleValues;
  errors: Record<string, string>;
  names: { services: string[]; brands: string[] };
  lists: Partial<Record<ListField, ListSummary>>;
  download: (field: ListField) => string;
  cancel: string;
}) {
  const [values, setValues] = useState(initial);
  /** The list fields whose CSV file input has a file chosen (uncontrolled inputs: tracked for Save). */
  const [chosenFiles, setChosenFiles] = useState<ReadonlySet<string>>(new Set());
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const all = [...names.brands, ...names.services];
  // With JavaScript the same checks as the server show as the person types.
  const live = hydrated ? parseSelectRule(values, all) : null;
  const liveErrors = live && !live.ok ? live.fieldErrors : {};
  const errorOf = (field: string) => errors[field] ?? (field.includes("_max_") || field.startsWith("priority_") ? liveErrors[field] : undefined);
  const set = (patch: Partial<SelectRuleValues>) => setValues({ ...values, ...patch });
  const row = <T extends object>(list: T[], i: number, patch: Partial<T>) => list.map((r, j) => (j === i ? { ...r, ...patch } : r));
  return (
    <Form method="post" encType="multipart/form-data" noValidate>
      <input type="hidden" name="version" value={values.version} />
      <Stack gap="md">
        <TextInput
          name="name"
          label="Rule name"
          required
          maxLength={100}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
        />
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              Criteria
            </Title>
            {errors.criteria && (
              <Text c="red.8" size="sm" role="alert">
                {errors.criteria}
              </Text>
            )}
            <CheckboxSet
              legend="Service type"
              name="service_type"
              options={SERVICE_TYPES}
              checked={values.service_type}
              onChange={(service_type) => set({ service_type })}
            />
            <CheckboxSet
              legend="Order type"
              name="order_type"
              options={ORDER_TYPES}
              checked={values.order_type}
              onChange={(order_type) => set({ order_type })}
            />
            <CheckboxSet
              legend="Zone list"
              name="zone_list"
              options={ZONES.map((z) => ({ value: z, label: `${z} (${ZONE_LABELS[z]})` }))}
              checked={values.zone_list}
              onChange={(zone_list) => set({ zone_list })}
            />
            {LIST_FILES.map(([field, fileField, label]) => {
              const summary = lists[field];
              const mode = values.list_mode[field];
              // With JavaScript the new list's fields show only once 'Replace it' is chosen; without, always.
              const entry = !summary || !hydrated || mode === "replace";
              const fields = (
                <>
                  <Textarea
                    name={field}
                    label={summary ? `New ${label.toLowerCase()}` : label}
                    description={field === "product_list" ? "Product names, comma-separated" : "6-digit pincodes, comma-separated"}
                    autosize
                    minRows={2}
                    maxRows={6}
                    value={values[field]}
                    onChange={(e) => set({ [field]: e.currentTarget.value })}
                    error={summary ? undefined : errors[field]}
                  />
                  <label className="file-field">
                    <Text size="sm" span>
                      or upload a one-column CSV ({label.toLowerCase()}, up to {MAX_LIST_ENTRIES.toLocaleString("en-IN")} entries):{" "}
                    </Text>
                    <input
                      type="file"
                      name={fileField}
                      accept=".csv,text/csv"
                      onChange={(e) => {
                        const next = new Set(chosenFiles);
                        if (e.currentTarget.files?.length) next.add(fileField);
                        else next.delete(fileField);
                        setChosenFiles(next);
                      }}
                    />
                  </label>
                </>
              );
              if (!summary)
                return (
                  <Stack key={field} gap={4}>
                    {fields}
                  </Stack>
                );
              return (
                <fieldset key={field} className="choice-set" data-testid={`${field}-summary`}>
                  <legend>{label}</legend>
                  <Stack gap={4}>
                    <Text size="sm">
                      {summary.count.toLocaleString("en-IN")} entries stored: {summary.head.join(", ")} …{" "}
                      <a href={download(field)} download>
                        Download the whole {label.toLowerCase()} (CSV)
                      </a>
                    </Text>
                    {errors[field] && (
                      <Text c="red.8" size="sm" role="alert">
                        {errors[field]}
                      </Text>
                    )}
                    <Group gap="md">
                      {(
                        [
                          ["keep", "Keep it"],
                          ["replace", "Replace it with the list below"],
                          ["clear", "Clear it"],
                        ] as [ListMode, string][]
                      ).map(([m, text]) => (
                        <Radio
                          key={m}
                          name={`${field}_mode`}
                          value={m}
                          label={text}
                          aria-label={`${label}: ${text}`}
                          checked={mode === m}
                          onChange={() => set({ list_mode: { ...values.list_mode, [field]: m }, ...(m === "replace" ? {} : { [field]: "" }) })}
                        />
                      ))}
                    </Group>
                    {entry && fields}
                  </Stack>
                </fieldset>
              );
            })}
            <RangeRows
              title="Weight (kg)"
              prefix="weight"
              rows={values.weight}
              errorOf={errorOf}
              onChange={(i, p) => set({ weight: row(values.weight, i, p) })}
            />
            <RangeRows
              title="Invoice value (₹)"
              prefix="invoice"
              rows={values.invoice}
              errorOf={errorOf}
              onChange={(i, p) => set({ invoice: row(values.invoice, i, p) })}
            />
            <fieldset className="choice-set">
              <legend>Lane list (from → to: a state or a metro city)</legend>
              <Stack gap={4}>
                {Array.from({ length: LANE_ROWS }, (_, i) => (
                  <Group key={i} gap="xs" align="start">
                    {(["from", "to"] as const).map((end) => (
                      <NativeSelect
                        key={end}
                        name={`lane_${end}_${i}`}
                        aria-label={`Lane ${i + 1} ${end}`}
                        value={values.lanes[i]?.[end] ?? ""}
                        onChange={(e) => set({ lanes: row(values.lanes, i, { [end]: e.currentTarget.value }) })}
                        error={errors[`lane_${end}_${i}`]}
                        data={laneOptions(end, values.lanes[i]?.[end] ?? "")}
                      />
                    ))}
                  </Group>
                ))}
              </Stack>
            </fieldset>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              Courier selection
            </Title>
            <ChoiceSet legend="Selection type" error={errors.selection}>
              {SELECTION_TYPES.map((v) => (
                <Radio
                  key={v}
                  name="selection"
                  value={v}
                  label={v === "priority" ? "priority list" : v === "advantage" ? "advantage (standard '_0', promise '_85')" : v}
                  checked={values.selection === v}
                  onChange={() => set({ selection: v })}
                />
              ))}
            </ChoiceSet>
            <Text size="xs" c="dimmed">
              advantage: the cheapest courier whose delivery estimate keeps the advantage plan&apos;s promise for the zone (A {ZONE_TAT_DAYS.A}, B{" "}
              {ZONE_TAT_DAYS.B}, C {ZONE_TAT_DAYS.C}, D {ZONE_TAT_DAYS.D}, E {ZONE_TAT_DAYS.E} days); when none does, the fastest.
            </Text>
            <fieldset className="choice-set">
              <legend>Priority list (for priority selection; 1 is tried first)</legend>
              <Group gap="xs" align="start">
                {Array.from({ length: PRIORITY_ROWS }, (_, i) => (
                  <NativeSelect
                    key={i}
                    name={`priority_${i}`}
                    aria-label={`Priority ${i + 1}`}
                    value={values.priority_list[i] ?? ""}
                    onChange={(e) => set({ priority_list: values.priority_list.map((p, j) => (j === i ? e.currentTarget.value : p)) })}
                    error={errorOf(`priority_${i}`)}
                    data={[{ value: "", label: `${i + 1}: —` }, ...all.map((n) => ({ value: n, label: `${i + 1}: ${n}` }))]}
                  />
                ))}
              </Group>
            </fieldset>
            <CheckboxSet
              legend="Blacklist (never chosen by this rule)"
              name="bl_parent"
              options={all}
              checked={values.bl_list}
              onChange={(bl_list) => set({ bl_list })}
              error={errors.bl_parent}
            />
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button component={Link} to={cancel} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={hydrated && !selectRuleReady(values, chosenFiles.size > 0)}>
            Save
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

const LANE_GROUPS = (["State", "Metro city"] as const).map((group) => ({
  group,
  items: LANE_PLACES.filter((p) => p.group === group).map((p) => ({ value: p.value, label: p.label })),
}));

/** A lane end's options: the places, and a stored value no longer among them (shown so it can be changed; saving it is refused). */
function laneOptions(end: "from" | "to", current: string) {
  const blank = { value: "", label: end === "from" ? "From: —" : "To: —" };
  const unknown = current && !LANE_PLACES.some((p) => p.value === current) ? [{ value: current, label: `${current} (not in the list)` }] : [];
  return [blank, ...unknown, ...LANE_GROUPS];
}

function RangeRows({
  title,
  prefix,
  rows,
  errorOf,
  onChange,
}: {
  title: string;
  prefix: string;
  rows: { min: string; max: string }[];
  errorOf: (field: string) => string | undefined;
  onChange: (i: number, patch: Partial<{ min: string; max: string }>) => void;
}) {
  return (
    <fieldset className="choice-set">
      <legend>{title}</legend>
      <Stack gap={4}>
        {Array.from({ length: RANGE_ROWS }, (_, i) => (
          <Group key={i} gap="xs" align="start">
            {(["min", "max"] as const).map((end) => (
              <TextInput
                key={end}
                name={`${prefix}_${end}_${i}`}
                aria-label={`${title} ${i + 1} ${end === "min" ? "Min Value" : "Max Value"}`}
                placeholder={end === "min" ? "Min Value" : "Max Value"}
                inputMode="decimal"
                maxLength={12}
                value={rows[i]?.[end] ?? ""}
                onChange={(e) => onChange(i, { [end]: e.currentTarget.value })}
                error={errorOf(`${prefix}_${end}_${i}`)}
              />
            ))}
          </Group>
        ))}
      </Stack>
    </fieldset>
  );
}
