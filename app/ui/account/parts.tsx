/** Pieces the account set-up sections share: the collapsible section, a field's error, the section's alert. */
import { Alert, NativeSelect, TextInput } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { AccountAnswer } from "~/services/account/page.server";
import { READABLE_ERRORS } from "~/ui/form-fields";

/** What a field needs of the last post's answer (docs/forms.md §3): its error and the value typed. */
export type FieldAnswer = {
  message?: string;
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  /** File fields that held a file in the refused post: choose it again (decision 070). */
  fileNotes?: Record<string, string>;
};

/** The value posted for this field, when the answer refills the form (a repeated field: the last). */
export function postedValue(answer: FieldAnswer | null | undefined, name: string): string | undefined {
  const value = answer?.repopulateFields?.[name];
  if (Array.isArray(value)) return typeof value[value.length - 1] === "string" ? value[value.length - 1] : undefined;
  return typeof value === "string" ? value : undefined;
}

export function Section({
  id,
  title,
  open,
  toggleHref,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  toggleHref: string;
  children: ReactNode;
}) {
  return (
    <section className="account-section" aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <h2 id={`${id}-title`} className="account-section-title">
        <Link to={toggleHref} preventScrollReset aria-expanded={open} aria-controls={open ? `${id}-body` : undefined}>
          <span aria-hidden="true">{open ? "▾" : "▸"}</span> {title}
        </Link>
      </h2>
      {open ? (
        <div id={`${id}-body`} className="account-section-body">
          {children}
        </div>
      ) : null}
    </section>
  );
}

/** The answer for this section (or null when the last post was another section's). */
export function answerFor(answer: AccountAnswer | undefined, formId: AccountAnswer["formId"]): AccountAnswer | null {
  return answer && answer.formId === formId ? answer : null;
}

export function SectionAlert({ answer }: { answer: FieldAnswer | null }) {
  if (!answer?.message) return null;
  return (
    <Alert color="red" role="alert" data-testid="section-error">
      {answer.message}
    </Alert>
  );
}

type TextProps = {
  name: string;
  label: string;
  value?: string | number | null;
  answer: FieldAnswer | null;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  maxLength?: number;
  inputMode?: "numeric" | "decimal" | "text";
  description?: string;
  onKeyDown?: (e: React.KeyboardEvent<HTMLInputElement>) => void;
  controlled?: { value: string; onChange: (v: string) => void };
  type?: "text" | "date" | "email";
};

/** A text field: the posted value after a refused post, else the stored one; the server's message under it. */
export function Field({
  name,
  label,
  value,
  answer,
  required,
  readOnly,
  disabled,
  maxLength,
  inputMode,
  description,
  onKeyDown,
  controlled,
  type,
}: TextProps) {
  const shown = postedValue(answer, name) ?? (value == null ? "" : String(value));
  const error = answer?.fieldErrors?.[name];
  return (
    <TextInput
      id={name}
      name={name}
      type={type}
      label={label}
      {...(controlled
        ? { value: controlled.value, onChange: (e) => controlled.onChange(e.currentTarget.value) }
        : { defaultValue: shown })}
      withAsterisk={required}
      readOnly={readOnly}
      disabled={disabled}
      maxLength={maxLength}
      inputMode={inputMode}
      description={description}
      onKeyDown={onKeyDown}
      error={error}
      styles={READABLE_ERRORS}
      data-locked={readOnly ? "true" : undefined}
    />
  );
}

export function Select({
  name,
  label,
  value,
  options,
  answer,
  required,
  disabled,
  onChange,
}: {
  name: string;
  label: string;
  value?: string | number | null;
  options: { value: string; label: string }[];
  answer: FieldAnswer | null;
  required?: boolean;
  disabled?: boolean;
  onChange?: (v: string) => void;
}) {
  const shown = postedValue(answer, name) ?? (value == null ? "" : String(value));
  return (
    <NativeSelect
      id={name}
      name={name}
      label={label}
      defaultValue={shown}
      withAsterisk={required}
      disabled={disabled}
      onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      error={answer?.fieldErrors?.[name]}
      data={[{ value: "", label: "Select…" }, ...options]}
    />
  );
}

export function YesNo({
  name,
  legend,
  value,
  answer,
  disabled,
  onChange,
}: {
  name: string;
  legend: string;
  value: string;
  answer: FieldAnswer | null;
  disabled?: boolean;
  onChange?: (v: "yes" | "no") => void;
}) {
  const shown = postedValue(answer, name) ?? value;
  const error = answer?.fieldErrors?.[name];
  return (
    <fieldset className="account-yesno" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>
        {legend}{" "}
        <span aria-hidden="true" className="account-required">
          *
        </span>
      </legend>
      {(["yes", "no"] as const).map((v) => (
        <label key={v}>
          <input
            type="radio"
            name={name}
            value={v}
            defaultChecked={shown === v}
            disabled={disabled}
            onChange={onChange ? () => onChange(v) : undefined}
          />{" "}
          {v === "yes" ? "Yes" : "No"}
        </label>
      ))}
      {error ? (
        <p id={`${name}-error`} className="account-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A file input with the server's message; with JavaScript, too large or the wrong kind is said before posting (docs/product.md §5). */
export function FileField({
  name,
  label,
  accept,
  answer,
  disabled,
  check,
}: {
  name: string;
  label: string;
  accept: string;
  answer: FieldAnswer | null;
  disabled?: boolean;
  check: (f: File) => string | null;
}) {
  const error = answer?.fieldErrors?.[name];
  const note = answer?.fileNotes?.[name];
  return (
    <div className="account-file">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={note ? `${name}-error ${name}-note` : `${name}-error`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          const problem = file ? check(file) : null;
          const note = document.getElementById(`${name}-error`);
          if (note) note.textContent = problem ?? "";
          if (problem) input.value = "";
        }}
      />
      <p id={`${name}-error`} className="account-error" role={error ? undefined : "status"}>
        {error ?? ""}
      </p>
      {note ? (
        <p id={`${name}-note`} className="account-file-note" data-testid={`${name}-note`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
