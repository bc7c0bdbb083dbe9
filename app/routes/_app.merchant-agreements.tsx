/**
 * Merchant Agreements (docs/product.md §2, §5, §7 legal-docs list and create; decision 028): the table
 * of published legal documents, a page at a time, and Add New Document as a dialog whose open
 * state is `?add=1` (it renders on the server, so the whole flow works without JavaScript).
 */
import { Button } from "@mantine/core";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { IconFilePlus } from "@tabler/icons-react";
import { z } from "zod";

import { requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { redirectWithToast } from "~/services/auth/session.server";
import { invalid } from "~/services/core/result";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { chosenFiles, readMultipart } from "~/services/http/upload.server";
import { indiaDate } from "~/services/legal/documents";
import { LEGAL_MESSAGES, legalDocumentValidator, MAX_LEGAL_PDF_BYTES } from "~/services/legal/forms";
import { listLegalDocuments } from "~/services/legal/list.server";
import { type PdfUpload, publishLegalDocument } from "~/services/legal/publish.server";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { AddDocumentForm, type DocumentAnswer } from "~/ui/legal/AddDocumentForm";
import { DocumentList } from "~/ui/legal/DocumentList";
import { InForceSummary } from "~/ui/legal/InForceSummary";
import { Pager } from "~/ui/Pager";
import { UrlDialog } from "~/ui/UrlDialog";

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

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "legal.publish" });
  const read = await readMultipart(request, {
    maxFileBytes: MAX_LEGAL_PDF_BYTES,
    maxFieldBytes: 4096,
    messages: {
      tooLarge: LEGAL_MESSAGES.fileSize,
      notMultipart: LEGAL_MESSAGES.fileMissing,
    },
  });
  if (!read.ok) return failureAnswer({ ...read, fieldErrors: { doc_file: read.message } });
  const fields = await readForm(read.form, legalDocumentValidator);
  if (!fields.ok) return fields.response;
  // The text fields are the schema's (readForm above); the PDF is checked by the service.
  const files = chosenFiles(read.form, "doc_file");
  if (files.length > 1)
    return failureAnswer(
      invalid(LEGAL_MESSAGES.fileOne, { fieldErrors: { doc_file: LEGAL_MESSAGES.fileOne } }),
      fields.submitted,
    );
  const upload: PdfUpload | null = files[0]
    ? {
        name: files[0].name,
        type: files[0].type,
        bytes: new Uint8Array(await files[0].arrayBuffer()),
      }
    : null;
  const result = await publishLegalDocument(getDb(), staff, fields.data, upload);
  if (!result.ok) return failureAnswer(result, fields.submitted);
  return redirectWithToast(request, "/merchant-agreements", {
    kind: "success",
    message: LEGAL_MESSAGES.uploaded,
  });
}

export default function MerchantAgreements() {
  const { rows, total, page, pages, today, canPublish, inForce } = useLoaderData<typeof loader>();
  const answer = useActionData<DocumentAnswer>() ?? null;
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
        <UrlDialog title="Add New Document" closeTo={`/merchant-agreements${pageSearch}`}>
          <AddDocumentForm
            action={`/merchant-agreements?add=1`}
            closeTo={`/merchant-agreements${pageSearch}`}
            answer={answer}
            today={today}
          />
        </UrlDialog>
      ) : null}
    </Stack>
  );
}
