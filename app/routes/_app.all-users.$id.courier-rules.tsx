/**
 * The Courier Rules tab (spec part 1 §2, §3, §4, §5, §6, §7; part 2 §4–§6; issue 13): the four
 * selection type cards, the custom priority table with its New / Edit / Delete dialogs, the
 * Pickrr Select list (toggle, move up / down, clone, delete) and the History of rule changes.
 * Panels and dialogs are in the URL (courier-setup/rules-view.ts), rendered by the server, so
 * everything works without JavaScript. The Pickrr Select editor is its own page (`select/…`).
 */
import { Alert, Badge, Button, SimpleGrid } from "@mantine/core";
import { Group, Paper, Stack, Title, Text } from "~/ui/layout";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { z } from "zod";
import "~/ui/courier-setup.css";
import { requireStaff, type Staff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { RULE_CODE_NAMES } from "~/services/core/rule-codes";
import { customRuleValues, type CustomRuleValues } from "~/services/courier-setup/custom-rule-form";
import {
  createCustomRule,
  customRuleCouriers,
  deleteCustomRule,
  editCustomRule,
  updateUserPriorityEngineType,
} from "~/services/courier-setup/custom-rules.server";
import { courierRuleHistory } from "~/services/courier-setup/history.server";
import { SELECTION_OPTIONS, defaultPanel, parseRulesView, rulesHref, type RulesView } from "~/services/courier-setup/rules-view";
import { cloneSelectRule, deleteSelectRule, moveSelectRule, selectRuleList, toggleSelectRule } from "~/services/courier-setup/select-rules.server";
import { getDb, type Db } from "~/services/db/client.server";
import { fetchCustomPriorityEngine, fetchUserPriorityEngineType } from "~/services/rules/rules.server";
import { CustomRuleForm } from "~/ui/CustomRuleForm";
import { UrlDialog } from "~/ui/UrlDialog";
import { UrlSwitch } from "~/ui/UrlSwitch";
import "@mantine/core/styles/SimpleGrid.css";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "courier.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const view = parseRulesView(new URL(request.url).searchParams);
  const { rule_code } = await fetchUserPriorityEngineType(db, client.id);
  const panel = view.panel ?? defaultPanel(rule_code);
  // Only the shown panel's data: a Pickrr Select list with long pincode lists costs the database most.
  const [custom, select, couriers] = await Promise.all([
    panel === "custom" ? fetchCustomPriorityEngine(db, client.id) : { rule_list: [], unreadable: [] },
    panel === "pickrr_select" ? selectRuleList(db, client.id) : [],
    panel === "custom" ? customRuleCouriers(db, client.id) : [],
  ]);
  const permissions = {
    canEditRules: can(staff, "rule.edit"),
    canEditSelect: can(staff, "select-rule.edit"),
    canArrangeSelect: can(staff, "select-rule.arrange"),
  };
  const history = panel === "history" ? await courierRuleHistory(db, client.id) : null;
  return {
    clientId: client.id,
    view: { ...view, panel },
    rule_code,
    customRules: custom.rule_list,
    warnings: custom.unreadable,
    selectRules: select,
    couriers,
    permissions,
    history,
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rule_type"), rule_code: z.string().max(2) }),
  z.object({ intent: z.literal("custom_create") }),
  z.object({
    intent: z.literal("custom_edit"),
    rule_id: z.coerce.number().int().positive(),
    version: z.coerce.number().int().nonnegative(),
  }),
  z.object({
    intent: z.literal("custom_delete"),
    rule_id: z.coerce.number().int().positive(),
  }),
  z.object({
    intent: z.literal("select_toggle"),
    rule_id: z.coerce.number().int().positive(),
    active: z.enum(["true", "false"]),
  }),
  z.object({
    intent: z.literal("select_move"),
    rule_id: z.coerce.number().int().positive(),
    direction: z.enum(["up", "down"]),
  }),
  z.object({
    intent: z.literal("select_clone"),
    rule_id: z.coerce.number().int().positive(),
  }),
  z.object({
    intent: z.literal("select_delete"),
    rule_id: z.coerce.number().int().positive(),
  }),
]);

export type CustomRuleAnswer = {
  intent: "custom";
  message: string;
  fieldErrors: Record<string, string>;
  values: CustomRuleValues | null;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "courier.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Unknown action.", { status: 400 });
  const input = parsed.data;
  const view = parseRulesView(new URL(request.url).searchParams);
  const back = rulesHref(client.id, { panel: view.panel });
  const done = (message: string) => redirectWithToast(request, back, { kind: "success", message });
  const refuse = (result: { status: number; message: string }) => {
    throw new Response(result.message, { status: result.status });
  };
  switch (input.intent) {
    case "rule_type": {
      const result = await updateUserPriorityEngineType(db, staff, {
        clientId: client.id,
        rule_code: input.rule_code,
      });
      if (!result.ok) return refuse(result);
      return redirectWithToast(request, rulesHref(client.id, { panel: view.panel }), {
        kind: "success",
        message: `Updated Successfully! Selection type: ${RULE_CODE_NAMES[result.rule_code]}.`,
      });
    }
    case "custom_create":
    case "custom_edit":
      return saveCustom(request, db, staff, client.id, form, input, back);
    case "custom_delete": {
      const result = await deleteCustomRule(db, staff, {
        clientId: client.id,
        ruleId: input.rule_id,
      });
      return result.ok ? done("Deleted Successfully!") : refuse(result);
    }
    case "select_toggle": {
      const result = await toggleSelectRule(db, staff, {
        clientId: client.id,
        ruleId: input.rule_id,
        active: input.active === "true",
      });
      return result.ok ? done("Updated Successfully!") : refuse(result);
    }
    case "select_move": {
      const result = await moveSelectRule(db, staff, {
        clientId: client.id,
        ruleId: input.rule_id,
        direction: input.direction,
      });
      if (!result.ok && result.status === 400)
        return redirectWithToast(request, back, {
          kind: "error",
          message: result.message,
        });
      return result.ok ? done("Updated Successfully!") : refuse(result);
    }
    case "select_clone": {
      const result = await cloneSelectRule(db, staff, {
        clientId: client.id,
        ruleId: input.rule_id,
      });
      return result.ok ? done("Rule created successfully!") : refuse(result);
    }
    case "select_delete": {
      const result = await deleteSelectRule(db, staff, {
        clientId: client.id,
        ruleId: input.rule_id,
      });
      return result.ok ? done("Deleted Successfully!") : refuse(result);
    }
  }
}

async function saveCustom(
  request: Request,
  db: Db,
  staff: Staff,
  clientId: number,
  form: FormData,
  input: { intent: "custom_create" } | { intent: "custom_edit"; rule_id: number; version: number },
  back: string
) {
  const values = customRuleValues(form);
  const result =
    input.intent === "custom_create"
      ? await createCustomRule(db, staff, { clientId, values })
      : await editCustomRule(db, staff, {
          clientId,
          ruleId: input.rule_id,
          version: input.version,
          values,
        });
  if (result.ok)
    return redirectWithToast(request, back, {
      kind: "success",
      message: input.intent === "custom_create" ? "Rule Created Successfully!" : "Rule Edited Successfully!",
    });
  if (result.status === 400)
    return data<CustomRuleAnswer>(
      {
        intent: "custom",
        message: result.message,
        fieldErrors: "fieldErrors" in result ? result.fieldErrors ?? {} : {},
        values,
      },
      { status: 400 }
    );
  if (result.status === 409)
    return data<CustomRuleAnswer>(
      {
        intent: "custom",
        message: result.message,
        fieldErrors: {},
        values: null,
      },
      { status: 409 }
    );
  throw new Response(result.message, { status: result.status });
}

/** After a 409 the dialog shows what is stored now: reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function CourierRulesTab() {
  const page = useLoaderData<typeof loader>();
  const { clientId, view, rule_code, permissions } = page;
  const answer = useActionData<CustomRuleAnswer>();
  const href = (patch: RulesView) => rulesHref(clientId, { panel: view.panel ?? undefined, ...patch });
  const here = href({});
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Courier Rules
      </Title>
      {page.warnings.map((w) => (
        <Alert key={w} color="yellow" data-testid="rule-warning">
          {w}
        </Alert>
      ))}
      <SelectionCards clientId={clientId} current={rule_code} canEdit={permissions.canEditRules} action={here} />
      <nav className="tab-nav" aria-label="Rule panels">
        {(
          [
            ["custom", "Custom priority rules"],
            ["pickrr_select", "Pickrr Select rules"],
            ["history", "History"],
          ] as const
        ).map(([panel, label]) => (
          <Link key={panel} to={rulesHref(clientId, { panel })} aria-current={view.panel === panel ? "page" : undefined} preventScrollReset>
            {label}
          </Link>
        ))}
      </nav>
      {view.panel === "custom" && <CustomPanel page={page} href={href} answer={answer ?? null} />}
      {view.panel === "pickrr_select" && <SelectPanel page={page} href={href} />}
      {view.panel === "history" && <HistoryPanel entries={page.history ?? []} />}
    </Stack>
  );
}

function SelectionCards({ clientId, current, canEdit, action }: { clientId: number; current: string; canEdit: boolean; action: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action} preventScrollReset aria-label="Courier selection type">
      <input type="hidden" name="intent" value="rule_type" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {SELECTION_OPTIONS.map((o) => {
          const chosen = o.code === current;
          return (
            <Paper
              key={o.code}
              withBorder
              p="md"
              radius="md"
              className={chosen ? "option-card option-card-current" : "option-card"}
              data-testid={`option-${o.key}`}
              aria-current={chosen ? "true" : undefined}
            >
              <Group justify="space-between" mb={4}>
                <Title order={3} size="h5">
                  {o.label}{" "}
                  <Text span size="xs" c="dimmed">
                    (code {o.code})
                  </Text>
                </Title>
                {chosen && (
                  <Badge color="indigo.9" variant="filled">
                    Current
                  </Badge>
                )}
              </Group>
              {canEdit && (
                <Text size="sm" c="dimmed" mb="xs" data-testid="rule-help">
                  {o.help}
                </Text>
              )}
              {canEdit && !chosen && (
                <Button type="submit" name="rule_code" value={o.code} size="xs" variant="light" loading={busy} aria-label={`Use ${o.label}`}>
                  Use {o.label}
                </Button>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
      {/* Without JavaScript the browser sends the pressed button's rule_code. */}
      <Text size="xs" c="dimmed" mt={4} data-testid="current-rule">
        Current selection type: {SELECTION_OPTIONS.find((o) => o.code === current)?.label}
      </Text>
    </Form>
  );
}

function CustomPanel({ page, href, answer }: { page: LoaderData; href: (v: RulesView) => string; answer: CustomRuleAnswer | null }) {
  const { customRules, couriers, permissions, view } = page;
  const editing = typeof view.rule === "number" ? customRules.find((r) => r.id === view.rule) ?? null : null;
  const dialogOpen = permissions.canEditRules && (view.rule === "new" || editing !== null);
  const deleting = permissions.canEditRules && view.delete ? customRules.find((r) => r.id === view.delete) ?? null : null;
  const closeTo = href({});
  const initial: CustomRuleValues =
    answer?.values ??
    (editing
      ? {
          service_type: editing.service_type,
          zone_list: editing.zone_list,
          order_type: editing.order_type,
          slots: [0, 1, 2, 3, 4].map((i) => editing.courier_list[i]?.name ?? ""),
        }
      : {
          service_type: "",
          zone_list: [],
          order_type: [],
          slots: ["", "", "", "", ""],
        });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Custom priority
        </Title>
        {permissions.canEditRules && (
          <Button component={Link} to={href({ rule: "new" })} preventScrollReset size="sm">
            New Rule
          </Button>
        )}
      </Group>
      <PanelTable
        empty={customRules.length === 0 ? "No custom priority rules yet." : null}
        minWidth={800}
        testId="custom-rules"
        label="Custom priority rules"
        head={["Service type", "Zones", "Order type", ...[1, 2, 3, 4, 5].map((n) => `Priority ${n}`), ...(permissions.canEditRules ? ["Actions"] : [])]}
      >
        {customRules.map((r) => (
          <tr key={r.id}>
            <td>{r.service_type}</td>
            <td>{r.zone_list.join(", ")}</td>
            <td>{r.order_type.join(", ")}</td>
            {[1, 2, 3, 4, 5].map((n) => (
              <td key={n}>{r.courier_list.find((c) => c.priority === n)?.name ?? "—"}</td>
            ))}
            {permissions.canEditRules && (
              <td>
                <Group gap="xs" wrap="nowrap">
                  <Link to={href({ rule: r.id })} preventScrollReset aria-label={`Edit Rule ${r.service_type} ${r.zone_list.join("")}`}>
                    Edit Rule
                  </Link>
                  <Link to={href({ delete: r.id })} preventScrollReset aria-label={`Delete rule ${r.service_type} ${r.zone_list.join("")}`}>
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
            serverErrors={answer?.fieldErrors ?? {}}
            message={answer?.message ?? null}
            ruleId={editing?.id ?? null}
            version={editing?.version ?? null}
          />
        </UrlDialog>
      )}
      {deleting && (
        <ConfirmDelete title="Delete rule" closeTo={closeTo} action={closeTo} intent="custom_delete" ruleId={deleting.id}>
          Delete the {deleting.service_type} rule for zones {deleting.zone_list.join(", ")} ({deleting.order_type.join(", ")})?
        </ConfirmDelete>
      )}
    </Stack>
  );
}

function ConfirmDelete({
  title,
  closeTo,
  action,
  intent,
  ruleId,
  children,
}: {
  title: string;
  closeTo: string;
  action: string;
  intent: string;
  ruleId: number;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="rule_id" value={ruleId} />
        <Stack gap="sm">
          <Text size="sm">{children}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default" preventScrollReset>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Form>
    </UrlDialog>
  );
}

function SelectPanel({ page, href }: { page: LoaderData; href: (v: RulesView) => string }) {
  const { selectRules, permissions, clientId, view } = page;
  const here = href({});
  const deleting = permissions.canArrangeSelect && view.deleteSelect ? selectRules.find((r) => r.id === view.deleteSelect) ?? null : null;
  const editor = `/all-users/${clientId}/courier-rules/select`;
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
        empty={selectRules.length === 0 ? "No Pickrr Select rules yet." : null}
        minWidth={900}
        testId="select-rules"
        label="Pickrr Select rules"
        head={["Name", "Priority", "Active", "Criteria", "Selection", ...(permissions.canEditSelect || permissions.canArrangeSelect ? ["Actions"] : [])]}
      >
        {selectRules.map((r, i) => (
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
            {(permissions.canEditSelect || permissions.canArrangeSelect) && (
              <td>
                <div className="row-actions">
                  {permissions.canEditSelect && (
                    <Link to={`${editor}/${r.id}`} aria-label={`Edit ${r.name}`}>
                      Edit
                    </Link>
                  )}
                  {permissions.canArrangeSelect && (
                    <>
                      <button type="submit" form={ROW_FORMS.up} name="rule_id" value={r.id} className="row-button" disabled={i === 0} aria-label={`Move ${r.name} up`}>
                        Up
                      </button>
                      <button type="submit" form={ROW_FORMS.down} name="rule_id" value={r.id} className="row-button" disabled={i === selectRules.length - 1} aria-label={`Move ${r.name} down`}>
                        Down
                      </button>
                      <button type="submit" form={ROW_FORMS.clone} name="rule_id" value={r.id} className="row-button" aria-label={`Clone ${r.name}`}>
                        Clone
                      </button>
                      <Link to={href({ deleteSelect: r.id })} preventScrollReset aria-label={`Delete ${r.name}`}>
                        Delete
                      </Link>
                    </>
                  )}
                </div>
              </td>
            )}
          </tr>
        ))}
      </PanelTable>
      {deleting && (
        <ConfirmDelete title="Delete rule" closeTo={here} action={here} intent="select_delete" ruleId={deleting.id}>
          Delete the Pickrr Select rule '{deleting.name}'?
        </ConfirmDelete>
      )}
    </Stack>
  );
}

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

function HistoryPanel({
  entries,
}: {
  entries: {
    id: number;
    at: string;
    who: string;
    what: string;
    old: string;
    next: string;
  }[];
}) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        History
      </Title>
      <PanelTable
        empty={entries.length === 0 ? "No rule changes yet." : null}
        minWidth={900}
        testId="rule-history"
        label="Rule history"
        head={["When", "Who", "Change", "Old", "New"]}
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{e.at}</td>
            <td>{e.who}</td>
            <td>{e.what}</td>
            <td>
              <code className="history-json">{e.old}</code>
            </td>
            <td>
              <code className="history-json">{e.next}</code>
            </td>
          </tr>
        ))}
      </PanelTable>
    </Stack>
  );
}

/** A panel's table, or its empty-state line. */
function PanelTable({
  empty,
  minWidth,
  testId,
  label,
  head,
  children,
}: {
  empty: string | null;
  minWidth: number;
  testId: string;
  label: string;
  head: string[];
  children: React.ReactNode;
}) {
  if (empty) return <Alert color="gray">{empty}</Alert>;
  return (
    // Focusable, so a keyboard can scroll a wide table (axe: scrollable-region-focusable).
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="plain-table" aria-label={label} data-testid={testId} style={{ minWidth: minWidth }}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
