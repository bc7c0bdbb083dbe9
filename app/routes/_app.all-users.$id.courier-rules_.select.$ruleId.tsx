/**
 * The Pickrr Select rule editor (docs/product.md §2, §4, §5, §7 alloc-engine rule and CSV
 * uploads; §4, §5; decision 027): a page of its own, `…/courier-rules/select/new` or
 * `…/select/{ruleId}`, so it deep-links and works without JavaScript. A multipart post: the
 * product and pincode lists are comma-separated text or a one-column CSV file (which replaces
 * the text). A stored list longer than INLINE_LIST_MAX is not echoed into the page: it shows as
 * a summary with a CSV download and Keep (nothing posted; the server keeps the stored list) /
 * Replace / Clear (decision 033). vp and avp only.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { rulesHref } from "~/services/courier-setup/rules-view";
import {
  saveSelectRuleFromEditor,
  SELECT_RULE_MISSING,
  selectRuleEditorPage,
} from "~/services/courier-setup/select-editor.server";
import {
  type EditorAnswer,
  editorInitialValues,
  editorMessage,
  editorRuleId,
} from "~/services/courier-setup/select-editor-fields";
import { selectRuleFormValidator } from "~/services/courier-setup/select-editor-form";
import { SELECT_RULE_UPLOAD, textFieldsOf } from "~/services/courier-setup/select-list-files.server";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import { readMultipart } from "~/services/http/upload.server";
import { EditorErrors, SelectRuleEditorForm } from "~/ui/courier-rules/SelectRuleEditorForm";
import { Group, Stack, Title } from "~/ui/layout";

/** The rule the URL names: null for `new`; a path that names no rule is a 404. */
function ruleIdOf(param: string | undefined): number | null {
  const ruleId = editorRuleId(param);
  if (ruleId === "bad") throw new Response(SELECT_RULE_MISSING, { status: 404 });
  return ruleId;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "select-rule.edit" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const ruleId = ruleIdOf(params.ruleId);
  const page = await selectRuleEditorPage(db, client.id, ruleId);
  if (!page.ok) throw new Response(page.message, { status: page.status });
  return { clientId: client.id, ruleId, values: page.values, lists: page.lists, names: page.names };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "select-rule.edit" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const ruleId = ruleIdOf(params.ruleId);
  const upload = await readMultipart(request, SELECT_RULE_UPLOAD);
  if (!upload.ok) return failureAnswer(upload);
  const read = await readForm(textFieldsOf(upload.form), selectRuleFormValidator);
  if (!read.ok) return read.response;
  const result = await saveSelectRuleFromEditor(db, staff, {
    clientId: client.id,
    ruleId,
    values: read.data,
    form: upload.form,
  });
  if (!result.ok) return failureAnswer(result, read.submitted);
  return redirectWithToast(request, rulesHref(client.id, { panel: "pickrr_select" }), {
    kind: "success",
    message: result.created ? "Rule created successfully!" : "Rule edited successfully!",
  });
}

/** After a 409 the form shows the rule as stored now: reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export default function SelectRuleEditor() {
  const { clientId, ruleId, values: stored, lists, names } = useLoaderData<typeof loader>();
  const answer = useActionData<EditorAnswer>();
  const initial = editorInitialValues(stored, answer);
  const back = rulesHref(clientId, { panel: "pickrr_select" });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {ruleId === null ? "Create New Rule" : `Edit rule: ${stored.name}`}
        </Title>
        <Link to={back}>Back to Pickrr Select rules</Link>
      </Group>
      <EditorErrors message={editorMessage(answer)} />
      <SelectRuleEditorForm
        key={`${initial.version}-${answer ? "answer" : "stored"}`}
        initial={initial}
        errors={answer?.fieldErrors ?? {}}
        names={names}
        lists={lists}
        download={(field) => `/all-users/${clientId}/courier-rules/select/${ruleId}/lists/${field}`}
        cancel={back}
      />
    </Stack>
  );
}
