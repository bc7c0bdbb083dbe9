/**
 * The fields of Add New Document (docs/product.md §2 Merchant Agreements, §5). Without JavaScript
 * every field is enabled (the server ignores the e-mail for Broadcast and the period for
 * Optional); with it, the e-mail is enabled only for Specific and the period only for mandatory.
 * A PDF kept from an earlier post (decision 063) is named, and need not be chosen again.
 */
import { Textarea } from "@mantine/core";
import { useState } from "react";

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
  SEGMENTS,
} from "~/services/legal/forms";
import { fileSize, type KeptPdf } from "~/services/legal/preview";
import { Field, type FieldAnswer, FileField, postedValue, Select } from "~/ui/account/parts";
import { READABLE_ERRORS } from "~/ui/form-fields";
import { useHydrated } from "~/ui/useHydrated";

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));
const SEGMENT_OPTIONS = SEGMENTS.map((s) => ({ value: s, label: `Segment ${s}` }));

/** The browser's check of the chosen file (the server checks the bytes too). */
export function pdfProblem(file: File): string | null {
  if (!kindByName(file.name, file.type, ["pdf"])) return LEGAL_MESSAGES.fileType;
  if (file.size > MAX_LEGAL_PDF_BYTES) return LEGAL_MESSAGES.fileSize;
  return null;
}

export function DocumentFields({
  answer,
  shown,
  kept,
  today,
}: {
  /** The server's answer, for the refilled values. */
  answer: FieldAnswer | null;
  /** The messages to show (the server's, or the browser's own check). */
  shown: FieldAnswer;
  kept: KeptPdf | null;
  today: string;
}) {
  const hydrated = useHydrated();
  const [docType, setDocType] = useState(postedValue(answer, "doc_type") ?? "");
  const [blocking, setBlocking] = useState(postedValue(answer, "order_blocking") ?? "");
  return (
    <>
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
        description="The document is in force from this date; the version in force stays until then. A past date only for optional documents."
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
      <input type="hidden" name="pending_file" value={kept?.id ?? ""} />
      {kept ? (
        <p className="account-note" data-testid="kept-pdf">
          Chosen before and kept: <b>{kept.fileName}</b> ({fileSize(kept.size)}). Choose a file below only to replace
          it.
        </p>
      ) : null}
      <FileField
        name="doc_file"
        label={kept ? "Replace the PDF (optional, at most 1 MB)" : "Document (PDF, at most 1 MB)"}
        accept=".pdf,application/pdf"
        answer={shown}
        check={pdfProblem}
      />
    </>
  );
}
