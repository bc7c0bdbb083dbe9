/** The Pickrr Select editor's criteria: service and order types, zones, the product and pincode lists, weight, invoice value and lanes. */
import { ZONE_LABELS, ZONES } from "~/services/core/zones";
import { ORDER_TYPES, SERVICE_TYPES } from "~/services/courier-setup/custom-rule-form";
import { LIST_FILES } from "~/services/courier-setup/select-editor-fields";
import type { ListField, ListSummary, SelectRuleValues } from "~/services/courier-setup/select-rule-form";
import { Paper, Stack, Text, Title } from "~/ui/layout";

import { CheckboxSet } from "./ChoiceSets";
import { SelectListField } from "./SelectListField";
import { LaneRows, RangeRows } from "./SelectRuleRows";

const ZONE_OPTIONS = ZONES.map((z) => ({ value: z, label: `${z} (${ZONE_LABELS[z]})` }));

/** A copy of `list` with row `i` patched. */
const row = <T extends object>(list: T[], i: number, patch: Partial<T>) =>
  list.map((r, j) => (j === i ? { ...r, ...patch } : r));

export function SelectCriteria({
  values,
  set,
  errors,
  errorOf,
  lists,
  hydrated,
  download,
  onFileChosen,
}: {
  values: SelectRuleValues;
  set: (patch: Partial<SelectRuleValues>) => void;
  errors: Record<string, string>;
  errorOf: (field: string) => string | undefined;
  lists: Partial<Record<ListField, ListSummary>>;
  hydrated: boolean;
  download: (field: ListField) => string;
  onFileChosen: (fileField: string, chosen: boolean) => void;
}) {
  return (
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
          options={ZONE_OPTIONS}
          checked={values.zone_list}
          onChange={(zone_list) => set({ zone_list })}
        />
        {LIST_FILES.map(([field, fileField, label]) => (
          <SelectListField
            key={field}
            field={field}
            fileField={fileField}
            label={label}
            text={values[field]}
            summary={lists[field]}
            mode={values.list_mode[field]}
            error={errors[field]}
            hydrated={hydrated}
            download={download(field)}
            onText={(text) => set({ [field]: text })}
            onMode={(m) =>
              set({ list_mode: { ...values.list_mode, [field]: m }, ...(m === "replace" ? {} : { [field]: "" }) })
            }
            onFileChosen={(chosen) => onFileChosen(fileField, chosen)}
          />
        ))}
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
        <LaneRows lanes={values.lanes} errors={errors} onChange={(i, p) => set({ lanes: row(values.lanes, i, p) })} />
      </Stack>
    </Paper>
  );
}
