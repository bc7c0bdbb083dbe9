/**
 * The Courier Rules tab (docs/product.md §2, §3, §4, §5, §6, §7; §4–§6; decision 027): the four
 * selection type cards, the custom priority table with its New / Edit / Delete dialogs, the
 * Pickrr Select list (toggle, move up / down, clone, delete) and the History of rule changes.
 * Panels and dialogs are in the URL (courier-setup/rules-view.ts), rendered by the server, so
 * everything works without JavaScript. The Pickrr Select editor is its own page (`select/…`).
 * The page's forms are told apart by `intent`, one handler each (docs/forms.md).
 */
import "~/ui/courier-setup.css";

import { Alert } from "@mantine/core";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";

import { requireStaff, type Staff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { RULE_CODE_NAMES } from "~/services/core/rule-codes";
import { CUSTOM_RULE_FORM, type RulesAnswer } from "~/services/courier-setup/custom-rule-values";
import {
  createCustomRule,
  deleteCustomRule,
  editCustomRule,
  updateUserPriorityEngineType,
} from "~/services/courier-setup/custom-rules.server";
import { courierRulesTab } from "~/services/courier-setup/rules-tab.server";
import {
  customCreateValidator,
  customEditValidator,
  isRuleIntent,
  RULE_TOASTS,
  ruleIdValidator,
  type RuleIntent,
  ruleTypeValidator,
  selectMoveValidator,
  selectToggleValidator,
} from "~/services/courier-setup/rules-tab-form";
import { parseRulesView, rulesHref, type RulesView } from "~/services/courier-setup/rules-view";
import {
  cloneSelectRule,
  deleteSelectRule,
  moveSelectRule,
  toggleSelectRule,
} from "~/services/courier-setup/select-rules.server";
import { type Db, getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import { CustomPanel } from "~/ui/courier-rules/CustomPanel";
import { HistoryPanel } from "~/ui/courier-rules/HistoryPanel";
import { SelectionCards } from "~/ui/courier-rules/SelectionCards";
import { SelectPanel } from "~/ui/courier-rules/SelectPanel";
import { Stack, Title } from "~/ui/layout";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "courier.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  return courierRulesTab(db, staff, client.id, new URL(request.url).searchParams);
}

/** What every handler has: the post's form data, read once, and where a success goes back to. */
type Post = { request: Request; db: Db; staff: Staff; clientId: number; form: FormData; back: string };

const done = (post: Post, message: string) => redirectWithToast(post.request, post.back, { kind: "success", message });

/** One handler per intent: its schema, its service, its refusal or its toast. */
const HANDLERS: Record<RuleIntent, (post: Post) => Promise<unknown>> = {
  async rule_type(post) {
    const read = await readForm(post.form, ruleTypeValidator);
    if (!read.ok) return read.response;
    const result = await updateUserPriorityEngineType(post.db, post.staff, {
      clientId: post.clientId,
      rule_code: read.data.rule_code,
    });
    if (!result.ok) return failureAnswer(result, read.submitted);
    return done(post, RULE_TOASTS.ruleType(RULE_CODE_NAMES[result.rule_code]));
  },
  async custom_create(post) {
    const read = await readForm(post.form, customCreateValidator, CUSTOM_RULE_FORM);
    if (!read.ok) return read.response;
    const result = await createCustomRule(post.db, post.staff, { clientId: post.clientId, values: read.data.values });
    if (!result.ok) return failureAnswer(result, read.submitted, CUSTOM_RULE_FORM);
    return done(post, RULE_TOASTS.customCreated);
  },
  async custom_edit(post) {
    const read = await readForm(post.form, customEditValidator, CUSTOM_RULE_FORM);
    if (!read.ok) return read.response;
    const result = await editCustomRule(post.db, post.staff, { clientId: post.clientId, ...read.data });
    if (!result.ok) return failureAnswer(result, read.submitted, CUSTOM_RULE_FORM);
    return done(post, RULE_TOASTS.customEdited);
  },
  async custom_delete(post) {
    const read = await readForm(post.form, ruleIdValidator);
    if (!read.ok) return read.response;
    const result = await deleteCustomRule(post.db, post.staff, { clientId: post.clientId, ruleId: read.data.rule_id });
    if (!result.ok) return failureAnswer(result, read.submitted);
    return done(post, RULE_TOASTS.deleted);
  },
  async select_toggle(post) {
    const read = await readForm(post.form, selectToggleValidator);
    if (!read.ok) return read.response;
    const result = await toggleSelectRule(post.db, post.staff, {
      clientId: post.clientId,
      ruleId: read.data.rule_id,
      active: read.data.active,
    });
    if (!result.ok) return failureAnswer(result, read.submitted);
    return done(post, RULE_TOASTS.updated);
  },
  async select_move(post) {
    const read = await readForm(post.form, selectMoveValidator);
    if (!read.ok) return read.response;
    const result = await moveSelectRule(post.db, post.staff, {
      clientId: post.clientId,
      ruleId: read.data.rule_id,
      direction: read.data.direction,
    });
    // The first rule cannot move up (nor the last down): said in a toast over the list, as the spec's screen does.
    if (!result.ok && result.status === 400)
      return redirectWithToast(post.request, post.back, { kind: "error", message: result.message });
    if (!result.ok) return failureAnswer(result, read.submitted);
    return done(post, RULE_TOASTS.updated);
  },
  async select_clone(post) {
    const read = await readForm(post.form, ruleIdValidator);
    if (!read.ok) return read.response;
    const result = await cloneSelectRule(post.db, post.staff, { clientId: post.clientId, ruleId: read.data.rule_id });
    if (!result.ok) return failureAnswer(result, read.submitted);
    return done(post, RULE_TOASTS.cloned);
  },
  async select_delete(post) {
    const read = await readForm(post.form, ruleIdValidator);
    if (!read.ok) return read.response;
    const result = await deleteSelectRule(post.db, post.staff, { clientId: post.clientId, ruleId: read.data.rule_id });
    if (!result.ok) return failureAnswer(result, read.submitted);
    return done(post, RULE_TOASTS.deleted);
  },
};

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "courier.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  if (!isRuleIntent(intent)) throw new Response("Unknown action.", { status: 400 });
  const view = parseRulesView(new URL(request.url).searchParams);
  return HANDLERS[intent]({
    request,
    db,
    staff,
    clientId: client.id,
    form,
    back: rulesHref(client.id, { panel: view.panel }),
  });
}

/** After a 409 the dialog shows what is stored now: reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

const PANELS = [
  ["custom", "Custom priority rules"],
  ["pickrr_select", "Pickrr Select rules"],
  ["history", "History"],
] as const;

export default function CourierRulesTab() {
  const page = useLoaderData<typeof loader>();
  const { clientId, view, rule_code, permissions } = page;
  const answer = useActionData<RulesAnswer>() ?? null;
  const href = (patch: RulesView) => rulesHref(clientId, { panel: view.panel ?? undefined, ...patch });
  // A refusal of a row's action (the rule deleted meanwhile…); the custom rule dialog shows its own.
  const refusal =
    answer && answer.formId !== CUSTOM_RULE_FORM
      ? (answer.message ?? Object.values(answer.fieldErrors ?? {}).join(" "))
      : null;
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
      {refusal && (
        <Alert color="red" role="alert" data-testid="rules-error">
          {refusal}
        </Alert>
      )}
      <SelectionCards current={rule_code} canEdit={permissions.canEditRules} action={href({})} />
      <nav className="tab-nav" aria-label="Rule panels">
        {PANELS.map(([panel, label]) => (
          <Link
            key={panel}
            to={rulesHref(clientId, { panel })}
            aria-current={view.panel === panel ? "page" : undefined}
            preventScrollReset
          >
            {label}
          </Link>
        ))}
      </nav>
      {view.panel === "custom" && (
        <CustomPanel
          rules={page.customRules}
          couriers={page.couriers}
          canEdit={permissions.canEditRules}
          view={view}
          href={href}
          answer={answer}
        />
      )}
      {view.panel === "pickrr_select" && (
        <SelectPanel rules={page.selectRules} permissions={permissions} clientId={clientId} view={view} href={href} />
      )}
      {view.panel === "history" && <HistoryPanel entries={page.history ?? []} />}
    </Stack>
  );
}
