/**
 * Merchant Agreements (docs/product.md §2, §5, §7 legal-docs list and create; decision 028): the table
 * of published legal documents, a page at a time, and Add New Document as a dialog whose open
 * state is `?add=1` (it renders on the server, so the whole flow works without JavaScript): the
 * form, then a preview in words, then Publish (decision 063).
 */
import { Button } from "@mantine/core";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { IconFilePlus } from "@tabler/icons-react";
import { z } from "zod";

import { requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { redirectWithToast } from "~/services/auth/session.server";
import { FIELDS_INVALID, invalid } from "~/services/core/result";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm, withoutSecrets } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { LARGEST_UPLOAD_BYTES } from "~/services/http/request-edge";
import { chosenFiles, readMultipart } from "~/services/http/upload.server";
import { indiaDate } from "~/services/legal/documents";
import { keptPdfValidator, LEGAL_MESSAGES, legalDocumentValidatorOn } from "~/services/legal/forms";
import { listLegalDocuments } from "~/services/legal/list.server";
import { keptLegalPdf, prepareLegalDocument, publishLegalDocument } from "~/services/legal/publish.server";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { DocumentList } from "~/ui/legal/DocumentList";
import { InForceSummary } from "~/ui/legal/InForceSummary";
import { type PublishAnswer, PublishDialog } from "~/ui/legal/PublishDialog";
import { Pager } from "~/ui/Pager";

export const meta: MetaFunction = () => [{ title: "Merchant Agreements · Shipping Console" }];

const pageOf = (params: URLSearchParams) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(params.get("page") ?? 1);

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "legal.view" });
  const params = searchParamsOf(request);
  const list = await listLegalDocuments(getDb(), pageOf(params));
  return {
    ...list,
    today: indiaDate(new Date()),
    canPublish: can(staff, "legal.publish"),
  };
}

/**
 * Add New Document in two posts (decision 063): the form (its fields, the PDF kept as a pending
 * file) answers with a preview or every field's message; the preview's Publish (or Back) posts
 * the same fields with the kept PDF's id.
 */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "legal.publish" });
  const now = new Date();
  const db = getDb();
  // The PDF's own limit is checked by the service, so a too-large file keeps the other fields.
  const read = await readMultipart(request, {
    maxFileBytes: LARGEST_UPLOAD_BYTES,
    maxFieldBytes: 4096,
    messages: { tooLarge: LEGAL_MESSAGES.fileSize, notMultipart: LEGAL_MESSAGES.fileMissing },
  });
  if (!read.ok) return failureAnswer({ ...read, fieldErrors: { doc_file: read.message } });
  const keptId = await readForm(read.form, keptPdfValidator);
  if (!keptId.ok) throw new Response("Unknown action.", { status: 400 });
  const fields = await readForm(read.form, legalDocumentValidatorOn(indiaDate(now)));
  const intent = read.form.get("intent");
  if (intent !== "preview" && intent !== "edit" && intent !== "publish")
    throw new Response("Unknown action.", { status: 400 });
  if (intent === "edit" || (intent === "publish" && !fields.ok)) {
    const kept = await keptLegalPdf(db, staff, keptId.data.pending_file, now);
    if (fields.ok) return { repopulateFields: withoutSecrets(fields.submitted), kept };
    return failureAnswer(invalid(FIELDS_INVALID, { fieldErrors: fields.fieldErrors, kept }), fields.submitted);
  }
  if (intent === "publish" && fields.ok) {
    const pending = keptId.data.pending_file;
    const result = await publishLegalDocument(db, staff, fields.data, pending ? { pending } : null, now);
    if (!result.ok)
      return failureAnswer({ ...result, kept: await keptLegalPdf(db, staff, pending, now) }, fields.submitted);
    return redirectWithToast(request, "/merchant-agreements", { kind: "success", message: LEGAL_MESSAGES.uploaded });
  }
  const files = await Promise.all(
    chosenFiles(read.form, "doc_file").map(async (f) => ({
      name: f.name,
      type: f.type,
      bytes: new Uint8Array(await f.arrayBuffer()),
    })),
  );
  const step = await prepareLegalDocument(
    db,
    staff,
    {
      input: fields.ok ? fields.data : null,
      fieldErrors: fields.ok ? {} : fields.fieldErrors,
      files,
      kept: keptId.data.pending_file,
    },
    now,
  );
  if (!step.ok) return failureAnswer(step, fields.submitted);
  return { preview: step.preview, kept: step.kept, repopulateFields: withoutSecrets(fields.submitted) };
}

export default function MerchantAgreements() {
  const { rows, total, page, pages, today, canPublish, inForce } = useLoaderData<typeof loader>();
  const answer = useActionData<PublishAnswer>() ?? null;
  const [params] = useSearchParams();
  const pageSearch = page > 1 ? `?page=${page}` : "";
  const addOpen = canPublish && (params.get("add") === "1" || answer !== null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Merchant Agreements
          </Title>
          <Text c="dimmed" size="sm">
            Legal documents published to sellers; a new document with the same name and audience is a new version.
          </Text>
        </div>
        {canPublish ? (
          <Button
            component={Link}
            to={`/merchant-agreements${pageSearch ? `${pageSearch}&` : "?"}add=1`}
            preventScrollReset
            leftSection={<IconFilePlus size={16} aria-hidden />}
          >
            Add New Document
          </Button>
        ) : null}
      </Group>
      <InForceSummary inForce={inForce} />
      <Paper withBorder>
        <DocumentList rows={rows} canWithdraw={canPublish} />
      </Paper>
      <Pager
        page={page}
        pageCount={pages}
        total={total}
        noun={total === 1 ? "document" : "documents"}
        hrefFor={(p) => `/merchant-agreements?page=${p}`}
      />
      {addOpen ? (
        <PublishDialog
          action="/merchant-agreements?add=1"
          closeTo={`/merchant-agreements${pageSearch}`}
          answer={answer}
          today={today}
        />
      ) : null}
    </Stack>
  );
}
