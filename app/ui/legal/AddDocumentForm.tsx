/**
 * The Add New Document form (docs/product.md §2 Merchant Agreements, §5): a plain multipart form
 * that works without JavaScript (every field enabled; the server ignores the e-mail for
 * Broadcast and the period for Optional). With JavaScript the e-mail is enabled only for
 * Specific and the acceptance period only for mandatory, and the same schema as the server's
 * checks the form before it is sent, with the spec's messages.
 */
import { Alert, Button, Textarea } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { type FormEvent, useState } from "react";

import { kindByName } from "~/services/http/file-kinds";
import {
  DOC_NAME_LABELS,
  DOC_NAMES,
  DOC_TYPE_LABELS,
  DOC_TYPES,
  LEGAL_MESSAGES,
  MAX_LEGAL_PDF_BYTES,
  ORDER_BLOCKING,
  ORDER_BLOCKING_LABELS,
  parseLegalDocument,
  SEGMENTS,
} from "~/services/legal/forms";
import { Field, type FieldAnswer, FileField, postedValue, Select } from "~/ui/account/parts";
import { READABLE_ERRORS } from "~/ui/form-fields";
import { Group, Stack } from "~/ui/layout";
import { useHydrated } from "~/ui/useHydrated";

/** The action's answer to a refused upload (docs/forms.md §3). */
export type DocumentAnswer = FieldAnswer;

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));
const SEGMENT_OPTIONS = SEGMENTS.map((s) => ({ value: s, label: `Segment ${s}` }));

/** The browser's check of the chosen file (the server checks the bytes too). */
export function pdfProblem(file: File): string | null {
  if (!kindByName(file.name, file.type, ["pdf"])) return LEGAL_MESSAGES.fileType;
  if (file.size > MAX_LEGAL_PDF_BYTES) return LEGAL_MESSAGES.fileSize;
  return null;
}

export function AddDocumentForm({
  action,
  closeTo,
  answer,
  today,
}: {
  action: string;
  closeTo: string;
  answer: DocumentAnswer | null;
  today: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [docType, setDocType] = useState(postedValue(answer, "doc_type") ?? "");
  const [blocking, setBlocking] = useState(postedValue(answer, "order_blocking") ?? "");
  // The server's answer, or (with JavaScript) the browser's own check of the last submit.
  const shown: FieldAnswer = {
    message: clientErrors ? undefined : answer?.message,
    fieldErrors: clientErrors ?? answer?.fieldErrors,
    repopulateFields: answer?.repopulateFields,
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    const parsed = parseLegalDocument(fields);
    const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.fieldErrors };
    const file = form.get("doc_file");
    if (!(file instanceof File) || file.size === 0) errors.doc_file = LEGAL_MESSAGES.fileMissing;
    else if (pdfProblem(file)) errors.doc_file = pdfProblem(file)!;
    if (Object.keys(errors).length > 0) {
      e.preventDefault();
      setClientErrors(errors);
      document.getElementById(Object.keys(errors)[0])?.focus();
    } else setClientErrors(null);
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      noValidate
      onSubmit={onSubmit}
      preventScrollReset
      aria-label="Add New Document"
    >
      {/* The key resets the inputs' defaults when a new answer arrives (refilled values, or a fresh form). */}
      <Stack gap="sm" key={JSON.stringify(answer?.repopulateFields ?? {})}>
        {shown.message ? (
          <Alert color="red" role="alert" data-testid="form-error">
            {shown.message}
          </Alert>
        ) : null}
        <Select
          name="doc_name"
          label="Document Name"
          options={options(DOC_NAMES, DOC_NAME_LABELS)}
          answer={shown}
          required
        />
        <Select
          name="doc_type"
          label="Target Users"
          options={options(DOC_TYPES, DOC_TYPE_LABELS)}
          answer={shown}
          required
          onChange={setDocType}
        />
        <Field
          name="email"
          type="email"
          label="E-mail"
          answer={shown}
          required={!hydrated || docType === "specific"}
          disabled={hydrated && docType !== "specific"}
          maxLength={254}
          description={hydrated ? undefined : "Only for Specific: the one seller the document is for."}
        />
        <Select name="segment" label="User Segment" options={SEGMENT_OPTIONS} answer={shown} required />
        <Textarea
          id="description"
          name="description"
          label="Description"
          withAsterisk
          maxLength={1000}
          autosize
          minRows={2}
          defaultValue={postedValue(answer, "description") ?? ""}
          error={shown.fieldErrors?.description}
          styles={READABLE_ERRORS}
        />
        <Field
          name="publish_at"
          type="date"
          label="Publish Date"
          answer={{ ...shown, repopulateFields: { publish_at: postedValue(answer, "publish_at") ?? today } }}
          required
          description="The document is in force from this date."
        />
        <Select
          name="order_blocking"
          label="Order Blocking"
          options={options(ORDER_BLOCKING, ORDER_BLOCKING_LABELS)}
          answer={shown}
          required
          onChange={setBlocking}
        />
        <Field
          name="days"
          label="Acceptance Period (days)"
          answer={shown}
          inputMode="numeric"
          maxLength={4}
          required={!hydrated || blocking === "mandatory"}
          disabled={hydrated && blocking !== "mandatory"}
          description={hydrated ? undefined : "Only for Mandatory: days to accept before new orders are blocked."}
        />
        <FileField
          name="doc_file"
          label="Document (PDF, at most 1 MB)"
          accept=".pdf,application/pdf"
          answer={shown}
          check={pdfProblem}
        />
        <Group justify="flex-end" mt="sm">
          <Button component={Link} to={closeTo} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
