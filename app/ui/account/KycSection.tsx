/**
 * KYC Details (docs/product.md §3–§5, §9): the fields, 'Fetch details' (GST lookup: fills and locks
 * the billing fields, company name and PAN), the documents, Submit and Skip. Once submitted,
 * everything is read-only and Skip/Submit are disabled. Works as plain form posts.
 */
import { Button } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";

import { chosenFileProblem, GST_LOCKED_FIELDS, GST_NO_CLEARS, KYC_LIMITS } from "~/services/account/forms";
import { businessProofChoices, COMPANY_TYPE_LABELS, COMPANY_TYPES } from "~/services/account/gstin";
import type { AccountAnswer } from "~/services/account/page.server";
import { istDateLabel } from "~/services/clients/dates";
import { Group, Stack, Text } from "~/ui/layout";

import { useHydrated } from "../useHydrated";
import { Field, FileField, postedValue, SectionAlert, Select, YesNo } from "./parts";

const LOCKABLE = GST_LOCKED_FIELDS;
type Lockable = (typeof LOCKABLE)[number];

type KycData =
  | { submitted: false }
  | {
      submitted: true;
      submittedAt: string;
      values: Record<string, unknown>;
      documents: { doc: string; label: string; href: string }[];
    };

export function KycSection({
  action,
  kyc,
  answer,
  canEdit,
}: {
  action: string;
  kyc: KycData;
  answer: AccountAnswer | null;
  canEdit: boolean;
}) {
  const stored = kyc.submitted ? kyc.values : {};
  const value = (k: string) => postedValue(answer, k) ?? (stored[k] == null ? "" : String(stored[k]));
  const readOnly = kyc.submitted || !canEdit;
  const [locked, setLocked] = useState<boolean>(Boolean(answer?.lookup));
  const [fill, setFill] = useState<Record<Lockable, string>>(
    () => Object.fromEntries(LOCKABLE.map((k) => [k, value(k)])) as Record<Lockable, string>,
  );
  const [companyType, setCompanyType] = useState(value("company_type"));
  const [gstNo, setGstNo] = useState(value("gst_no"));
  // Each answer (a lookup again after switching GST off and on) fills and locks afresh.
  useEffect(() => {
    setLocked(Boolean(answer?.lookup));
    setFill(Object.fromEntries(LOCKABLE.map((k) => [k, value(k)])) as Record<Lockable, string>);
    setGstNo(value("gst_no"));
    // Only a new answer: `value` is a new function each render and reads that answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  const hydrated = useHydrated();
  // Switching GST to no clears the GST number and the PAN and billing fields a lookup filled,
  // and unlocks the company name, kept (docs/product.md §4, decision 070: GST_NO_CLEARS).
  const onGst = (v: "yes" | "no") => {
    if (v !== "no") return;
    setGstNo("");
    if (locked) {
      setLocked(false);
      setFill((f) => ({
        ...f,
        ...Object.fromEntries(GST_NO_CLEARS.filter((k) => k !== "gst_no").map((k) => [k, ""])),
      }));
    }
  };
  const lockable = (name: Lockable, label: string, max: number, required = true) => (
    <Field
      name={name}
      label={label}
      answer={answer}
      required={required}
      maxLength={max}
      readOnly={readOnly || locked}
      controlled={{ value: fill[name], onChange: (v) => setFill((f) => ({ ...f, [name]: v })) }}
    />
  );

  return (
    <Form method="post" action={action} encType="multipart/form-data" preventScrollReset data-testid="kyc-form">
      <Stack gap="sm">
        <SectionAlert answer={answer} />
        {kyc.submitted ? (
          <Text size="sm" data-testid="kyc-submitted">
            KYC submitted on {istDateLabel(kyc.submittedAt)}. It can no longer be changed.
          </Text>
        ) : null}
        {answer?.lookup ? (
          <Text size="sm" role="status" data-testid="lookup-filled">
            Details fetched from the GST registry. Company name, PAN and billing address are locked; choose No for GST
            to clear them.
          </Text>
        ) : null}
        {lockable("company_name", "Company Name", 150)}
        <Select
          name="company_type"
          label="Company Type"
          required
          value={value("company_type")}
          answer={answer}
          disabled={readOnly}
          onChange={setCompanyType}
          options={COMPANY_TYPES.map((t) => ({ value: t, label: COMPANY_TYPE_LABELS[t] }))}
        />
        <Select
          name="business_proof_type"
          label="Business Proof"
          required
          value={value("business_proof_type")}
          answer={answer}
          disabled={readOnly}
          options={businessProofChoices(companyType)}
        />
        <YesNo
          name="gst_type"
          legend="GST Registered"
          value={value("gst_type")}
          answer={answer}
          disabled={readOnly}
          onChange={onGst}
        />
        {!hydrated && locked && !readOnly ? (
          // Without JavaScript the page cannot clear the fetched fields as No is chosen: this asks the server to.
          <Button type="submit" name="intent" value="kyc-gst" variant="default" size="xs" formNoValidate>
            Apply the GST choice (No clears the GST number, PAN and billing address)
          </Button>
        ) : null}
        <Group align="end" gap="sm">
          <Field
            name="gst_no"
            label="GST Number"
            answer={answer}
            controlled={{ value: gstNo, onChange: setGstNo }}
            maxLength={KYC_LIMITS.gst_no}
            readOnly={readOnly}
            description="15 characters; required when GST registered"
          />
          {!readOnly ? (
            <Button type="submit" name="intent" value="kyc-lookup" variant="light" formNoValidate>
              Fetch details
            </Button>
          ) : null}
        </Group>
        {lockable("pan_number", "PAN Number", KYC_LIMITS.pan_number)}
        <YesNo name="msme" legend="MSME Registered" value={value("msme")} answer={answer} disabled={readOnly} />
        {lockable("billing_address", "Billing Address", KYC_LIMITS.billing_address)}
        {lockable("billing_address_line2", "Billing Address Line 2", KYC_LIMITS.billing_address_line2, false)}
        <Group grow align="start">
          {lockable("billing_city", "City", KYC_LIMITS.billing_city)}
          {lockable("billing_pincode", "Pincode", KYC_LIMITS.billing_pincode)}
          {lockable("billing_state", "State", KYC_LIMITS.billing_state)}
        </Group>
        <KycDocuments kyc={kyc} answer={answer} readOnly={readOnly} />
        <KycButtons readOnly={readOnly} />
      </Stack>
    </Form>
  );
}

/** The documents: links to those submitted, or the four file inputs (disabled when read-only). */
function KycDocuments({ kyc, answer, readOnly }: { kyc: KycData; answer: AccountAnswer | null; readOnly: boolean }) {
  return kyc.submitted ? (
    <ul className="account-documents" data-testid="kyc-documents">
      {kyc.documents.map((d) => (
        <li key={d.doc}>
          <a href={d.href} target="_blank" rel="noreferrer">
            {d.label}
          </a>
        </li>
      ))}
    </ul>
  ) : (
    <fieldset className="account-files" disabled={readOnly}>
      <legend>Documents (png, jpeg, jpg or pdf, at most 300 KB each)</legend>
      <FileField
        name="business_proof"
        label="Business Proof"
        accept=".png,.jpg,.jpeg,.pdf"
        answer={answer}
        check={(f) => chosenFileProblem(f, "document")}
      />
      <FileField
        name="gst_certificate"
        label="GST Certificate (when GST registered)"
        accept=".png,.jpg,.jpeg,.pdf"
        answer={answer}
        check={(f) => chosenFileProblem(f, "document")}
      />
      <FileField
        name="pancard"
        label="PAN Card (when not GST registered)"
        accept=".png,.jpg,.jpeg,.pdf"
        answer={answer}
        check={(f) => chosenFileProblem(f, "document")}
      />
      <FileField
        name="msme_certificate"
        label="MSME Certificate (when MSME registered)"
        accept=".png,.jpg,.jpeg,.pdf"
        answer={answer}
        check={(f) => chosenFileProblem(f, "document")}
      />
    </fieldset>
  );
}

/** Submit, and Skip (a link to the dashboard; a disabled button once read-only). */
function KycButtons({ readOnly }: { readOnly: boolean }) {
  return (
    <Group>
      <Button type="submit" name="intent" value="kyc-submit" disabled={readOnly}>
        Submit
      </Button>
      {readOnly ? (
        <Button variant="default" disabled>
          Skip
        </Button>
      ) : (
        <Button component={Link} to="/dashboard" variant="default">
          Skip
        </Button>
      )}
    </Group>
  );
}
