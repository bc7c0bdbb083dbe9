import { Button } from "@mantine/core";
import { Form, Link } from "@remix-run/react";

import type { RulePermissions } from "~/services/courier-setup/rules-tab.server";
import type { RulesView } from "~/services/courier-setup/rules-view";
import type { SelectRuleListEntry } from "~/services/courier-setup/select-rules.server";
import { Group, Stack, Title } from "~/ui/layout";
import { UrlSwitch } from "~/ui/UrlSwitch";

import { ConfirmDelete } from "./ConfirmDelete";
import { PanelTable } from "./PanelTable";

/**
 * The Pickrr Select rows' actions, one form each for the whole list: a row's button names its
 * rule (`form=`, `name="rule_id"`, its value), so the list holds five forms, not four per rule
 * (Remix's Form costs the server a route resolution each). Native `form=` works without
 * JavaScript; with it, Remix submits the form with the clicked button's value.
 */
const ROW_FORMS = {
  activate: "select-rule-activate",
  deactivate: "select-rule-deactivate",
  up: "select-rule-up",
  down: "select-rule-down",
  clone: "select-rule-clone",
} as const;

function RowForms({ action }: { action: string }) {
  const forms: [string, string, Record<string, string>][] = [
    [ROW_FORMS.activate, "select_toggle", { active: "true" }],
    [ROW_FORMS.deactivate, "select_toggle", { active: "false" }],
    [ROW_FORMS.up, "select_move", { direction: "up" }],
    [ROW_FORMS.down, "select_move", { direction: "down" }],
    [ROW_FORMS.clone, "select_clone", {}],
  ];
  return (
    <>
      {forms.map(([id, intent, extra]) => (
        <Form key={id} id={id} method="post" action={action} preventScrollReset hidden>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(extra).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
        </Form>
      ))}
    </>
  );
}

/** A rule's Edit link (vp, avp) and its Up, Down, Clone and Delete (vp). */
function RowActions({
  rule,
  first,
  last,
  permissions,
  editor,
  href,
}: {
  rule: SelectRuleListEntry;
  first: boolean;
  last: boolean;
  permissions: RulePermissions;
  editor: string;
  href: (v: RulesView) => string;
}) {
  return (
    <div className="row-actions">
      {permissions.canEditSelect && (
        <Link to={`${editor}/${rule.id}`} aria-label={`Edit ${rule.name}`}>
          Edit
        </Link>
      )}
      {permissions.canArrangeSelect && (
        <>
          <button
            type="submit"
            form={ROW_FORMS.up}
            name="rule_id"
            value={rule.id}
            className="row-button"
            disabled={first}
            aria-label={`Move ${rule.name} up`}
          >
            Up
          </button>
          <button
            type="submit"
            form={ROW_FORMS.down}
            name="rule_id"
            value={rule.id}
            className="row-button"
            disabled={last}
            aria-label={`Move ${rule.name} down`}
          >
            Down
          </button>
          <button
            type="submit"
            form={ROW_FORMS.clone}
            name="rule_id"
            value={rule.id}
            className="row-button"
            aria-label={`Clone ${rule.name}`}
          >
            Clone
          </button>
          <Link to={href({ deleteSelect: rule.id })} preventScrollReset aria-label={`Delete ${rule.name}`}>
            Delete
          </Link>
        </>
      )}
    </div>
  );
}

/** Pickrr Select: the client's rules, highest priority first, each with its switch and actions. */
export function SelectPanel({
  rules,
  permissions,
  clientId,
  view,
  href,
}: {
  rules: SelectRuleListEntry[];
  permissions: RulePermissions;
  clientId: number;
  view: Omit<RulesView, "panel">;
  href: (v: RulesView) => string;
}) {
  const here = href({});
  const deleting =
    permissions.canArrangeSelect && view.deleteSelect ? (rules.find((r) => r.id === view.deleteSelect) ?? null) : null;
  const editor = `/all-users/${clientId}/courier-rules/select`;
  const actions = permissions.canEditSelect || permissions.canArrangeSelect;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Pickrr Select
        </Title>
        {permissions.canEditSelect && (
          <Button component={Link} to={`${editor}/new`} size="sm">
            Create New Rule
          </Button>
        )}
      </Group>
      {permissions.canArrangeSelect && <RowForms action={here} />}
      <PanelTable
        empty={rules.length === 0 ? "No Pickrr Select rules yet." : null}
        minWidth={900}
        testId="select-rules"
        label="Pickrr Select rules"
        head={["Name", "Priority", "Active", "Criteria", "Selection", ...(actions ? ["Actions"] : [])]}
      >
        {rules.map((r, i) => (
          <tr key={r.id} data-testid="select-rule">
            <td>{r.name}</td>
            <td>{r.priority}</td>
            <td>
              <UrlSwitch
                label={`${r.name} active`}
                on={r.active}
                canChange={permissions.canArrangeSelect}
                submit
                form={r.active ? ROW_FORMS.deactivate : ROW_FORMS.activate}
                name="rule_id"
                value={String(r.id)}
              />
            </td>
            <td>{r.summary.criteria}</td>
            <td>{r.summary.selection}</td>
            {actions && (
              <td>
                <RowActions
                  rule={r}
                  first={i === 0}
                  last={i === rules.length - 1}
                  permissions={permissions}
                  editor={editor}
                  href={href}
                />
              </td>
            )}
          </tr>
        ))}
      </PanelTable>
      {deleting && (
        <ConfirmDelete title="Delete rule" closeTo={here} action={here} intent="select_delete" ruleId={deleting.id}>
          Delete the Pickrr Select rule &apos;{deleting.name}&apos;?
        </ConfirmDelete>
      )}
    </Stack>
  );
}
