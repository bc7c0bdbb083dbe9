/**
 * The form step of Add New Document (decision 063): a plain multipart form that works without
 * JavaScript and answers with a preview (PublishPreviewStep) or every field's message, the PDF's
 * included. With JavaScript the same schema as the server's, with the same publish-date rule on
 * India's today, checks the form before it is sent.
 */
import { Alert, Button } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { type FormEvent, useState } from "react";

import { LEGAL_MESSAGES, parseLegalDocument } from "~/services/legal/forms";
import type { KeptPdf } from "~/services/legal/preview";
import type { FieldAnswer } from "~/ui/account/parts";
import { Group, Stack } from "~/ui/layout";

import { DocumentFields, pdfProblem } from "./DocumentFields";

export function AddDocumentForm({
  action,
  closeTo,
  answer,
  kept,
  today,
}: {
  action: string;
  closeTo: string;
  answer: FieldAnswer | null;
  kept: KeptPdf | null;
  today: string;
}) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  // The server's answer, or (with JavaScript) the browser's own check of the last submit.
  const shown: FieldAnswer = {
    message: clientErrors ? undefined : answer?.message,
    fieldErrors: clientErrors ?? answer?.fieldErrors,
    repopulateFields: answer?.repopulateFields,
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const form = new FormData(e.currentTarget);
    const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    const parsed = parseLegalDocument(fields, today);
    const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.fieldErrors };
    const file = form.get("doc_file");
    const chosen = file instanceof File && file.size > 0 ? file : null;
    if (!chosen && !kept) errors.doc_file = LEGAL_MESSAGES.fileMissing;
    else if (chosen && pdfProblem(chosen)) errors.doc_file = pdfProblem(chosen)!;
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
      <input type="hidden" name="intent" value="preview" />
      {/* The key resets the inputs' defaults when a new answer arrives (refilled values, or a fresh form). */}
      <Stack gap="sm" key={JSON.stringify([answer?.repopulateFields ?? {}, kept?.id ?? null])}>
        {shown.message ? (
          <Alert color="red" role="alert" data-testid="form-error">
            {shown.message}
          </Alert>
        ) : null}
        <DocumentFields answer={answer} shown={shown} kept={kept} today={today} />
        <Group justify="flex-end" mt="sm">
          <Button component={Link} to={closeTo} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={navigation.state === "submitting"}>
            Preview
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
