import { Alert, Button } from "@mantine/core";
import { Link } from "@remix-run/react";

import { type CourierOption, CUSTOM_RULE_MESSAGES } from "~/services/courier-setup/custom-rule-form";
import {
  CUSTOM_RULE_FORM,
  customRuleInitialValues,
  type RulesAnswer,
} from "~/services/courier-setup/custom-rule-values";
import type { RulesView } from "~/services/courier-setup/rules-view";
import type { CustomPriorityRuleEntry } from "~/services/rules/rules.server";
import { Group, Stack, Title } from "~/ui/layout";
import { UrlDialog } from "~/ui/UrlDialog";

import { ConfirmDelete } from "./ConfirmDelete";
import { CustomRuleForm } from "./CustomRuleForm";
import { PanelTable } from "./PanelTable";

const SLOTS = [1, 2, 3, 4, 5];

/**
 * Custom priority: the client's rules by service type, zones and order type, with the New Rule /
 * Edit Rule dialog (`?rule=new|<id>`) and the delete confirmation (`?delete=<id>`) for a vp.
 */
export function CustomPanel({
  rules,
  couriers,
  canEdit,
  view,
  href,
  answer,
}: {
  rules: CustomPriorityRuleEntry[];
  couriers: CourierOption[];
  canEdit: boolean;
  view: Omit<RulesView, "panel">;
  href: (v: RulesView) => string;
  answer: RulesAnswer | null;
}) {
  const editing = typeof view.rule === "number" ? (rules.find((r) => r.id === view.rule) ?? null) : null;
  const dialogOpen = canEdit && (view.rule === "new" || editing !== null);
  const deleting = canEdit && view.delete ? (rules.find((r) => r.id === view.delete) ?? null) : null;
  const closeTo = href({});
  // The dialog's own answers: a refused save refills it with what was posted; a stale one shows the rule as stored.
  const mine = answer?.formId === CUSTOM_RULE_FORM ? answer : null;
  const message =
    mine?.message ??
    (mine?.fieldErrors && Object.keys(mine.fieldErrors).length > 0 ? CUSTOM_RULE_MESSAGES.invalid : null);
  const initial = customRuleInitialValues(editing, mine?.status === 400 ? (mine.repopulateFields ?? {}) : null);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Custom priority
        </Title>
        {canEdit && (
          <Button component={Link} to={href({ rule: "new" })} preventScrollReset size="sm">
            New Rule
          </Button>
        )}
      </Group>
      {message && !dialogOpen && (
        <Alert color="red" role="alert" data-testid="custom-rule-error">
          {message}
        </Alert>
      )}
      <PanelTable
        empty={rules.length === 0 ? "No custom priority rules yet." : null}
        minWidth={800}
        testId="custom-rules"
        label="Custom priority rules"
        head={[
          "Service type",
          "Zones",
          "Order type",
          ...SLOTS.map((n) => `Priority ${n}`),
          ...(canEdit ? ["Actions"] : []),
        ]}
      >
        {rules.map((r) => (
          <tr key={r.id}>
            <td>{r.service_type}</td>
            <td>{r.zone_list.join(", ")}</td>
            <td>{r.order_type.join(", ")}</td>
            {SLOTS.map((n) => (
              <td key={n}>{r.courier_list.find((c) => c.priority === n)?.name ?? "—"}</td>
            ))}
            {canEdit && (
              <td>
                <Group gap="xs" wrap="nowrap">
                  <Link
                    to={href({ rule: r.id })}
                    preventScrollReset
                    aria-label={`Edit Rule ${r.service_type} ${r.zone_list.join("")}`}
                  >
                    Edit Rule
                  </Link>
                  <Link
                    to={href({ delete: r.id })}
                    preventScrollReset
                    aria-label={`Delete rule ${r.service_type} ${r.zone_list.join("")}`}
                  >
                    Delete
                  </Link>
                </Group>
              </td>
            )}
          </tr>
        ))}
      </PanelTable>
      {dialogOpen && (
        <UrlDialog title={editing ? "Edit Rule" : "New Rule"} closeTo={closeTo}>
          <CustomRuleForm
            key={`${editing?.id ?? "new"}-${editing?.version ?? 0}`}
            action={href({ rule: view.rule })}
            closeTo={closeTo}
            couriers={couriers}
            initial={initial}
            serverErrors={mine?.fieldErrors ?? {}}
            message={message}
            ruleId={editing?.id ?? null}
            version={editing?.version ?? null}
          />
        </UrlDialog>
      )}
      {deleting && (
        <ConfirmDelete
          title="Delete rule"
          closeTo={closeTo}
          action={closeTo}
          intent="custom_delete"
          ruleId={deleting.id}
        >
          Delete the {deleting.service_type} rule for zones {deleting.zone_list.join(", ")} (
          {deleting.order_type.join(", ")})?
        </ConfirmDelete>
      )}
    </Stack>
  );
}
