/**
 * The custom priority New Rule / Edit Rule form (docs/product.md §4, §5): native radios,
 * checkboxes and selects, so it posts without JavaScript; with JavaScript, a surface rule
 * offers only couriers with surface support, a courier chosen twice is flagged on its slot at
 * once, and Save waits for a service type, a zone and an order type.
 */
import { Alert, Button, NativeSelect, Radio } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";

import { ZONE_LABELS, ZONES } from "~/services/core/zones";
import {
  type CourierOption,
  courierOptionsFor,
  CUSTOM_RULE_MESSAGES,
  type CustomRuleValues,
  ORDER_TYPES,
  parseCustomRule,
  SERVICE_TYPES,
  SLOT_FIELDS,
} from "~/services/courier-setup/custom-rule-form";
import { Group, Stack, Text } from "~/ui/layout";
import { useHydrated } from "~/ui/useHydrated";

import { CheckboxSet, ChoiceSet } from "./ChoiceSets";

const LIVE_SLOT_MESSAGES: readonly (string | undefined)[] = [
  CUSTOM_RULE_MESSAGES.duplicate,
  CUSTOM_RULE_MESSAGES.noSurface,
];

export function CustomRuleForm({
  action,
  closeTo,
  couriers,
  initial,
  serverErrors,
  message,
  ruleId,
  version,
}: {
  action: string;
  closeTo: string;
  couriers: CourierOption[];
  initial: CustomRuleValues;
  serverErrors: Record<string, string>;
  message: string | null;
  ruleId: number | null;
  version: number | null;
}) {
  const [values, setValues] = useState(initial);
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const service = values.service_type === "express" || values.service_type === "surface" ? values.service_type : null;
  const options = courierOptionsFor(service, couriers);
  // Live checks once JavaScript runs: duplicates and surface support per slot (the server repeats them).
  const live = parseCustomRule(values, couriers);
  const liveErrors = live.ok ? {} : live.fieldErrors;
  const slotError = (field: string) =>
    serverErrors[field] ?? (LIVE_SLOT_MESSAGES.includes(liveErrors[field]) ? liveErrors[field] : undefined);
  const ready = service !== null && values.zone_list.length > 0 && values.order_type.length > 0;

  return (
    <Form method="post" action={action} preventScrollReset noValidate>
      <input type="hidden" name="intent" value={ruleId ? "custom_edit" : "custom_create"} />
      {ruleId && <input type="hidden" name="rule_id" value={ruleId} />}
      {version !== null && <input type="hidden" name="version" value={version} />}
      <Stack gap="sm">
        {message && (
          <Alert color="red" role="alert" data-testid="custom-rule-error">
            {message}
          </Alert>
        )}
        <ChoiceSet legend="Service type" error={serverErrors.service_type}>
          {SERVICE_TYPES.map((v) => (
            <Radio
              key={v}
              name="service_type"
              value={v}
              label={v}
              checked={values.service_type === v}
              onChange={() => setValues({ ...values, service_type: v })}
            />
          ))}
        </ChoiceSet>
        <CheckboxSet
          legend="Zones"
          name="zone_list"
          options={ZONES.map((z) => ({ value: z, label: `${z} (${ZONE_LABELS[z]})` }))}
          checked={values.zone_list}
          onChange={(zone_list) => setValues({ ...values, zone_list })}
          error={serverErrors.zone_list}
        />
        <CheckboxSet
          legend="Order type"
          name="order_type"
          options={ORDER_TYPES}
          checked={values.order_type}
          onChange={(order_type) => setValues({ ...values, order_type })}
          error={serverErrors.order_type}
        />
        <Text size="sm" fw={500}>
          Courier priority (1 is tried first)
        </Text>
        {SLOT_FIELDS.map((field, i) => {
          const chosen = values.slots[i];
          const list =
            chosen && !options.some((o) => o.name === chosen)
              ? [...options, { name: chosen, has_surface: false }]
              : options;
          return (
            <NativeSelect
              key={field}
              name={field}
              label={`Priority ${i + 1}`}
              value={chosen}
              error={slotError(field)}
              onChange={(e) =>
                setValues({
                  ...values,
                  slots: values.slots.map((s, j) => (j === i ? e.currentTarget.value : s)),
                })
              }
              data={[{ value: "", label: "—" }, ...list.map((o) => ({ value: o.name, label: o.name }))]}
            />
          );
        })}
        <Group justify="flex-end">
          <Button component={Link} to={closeTo} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={hydrated && !ready}>
            Save
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
