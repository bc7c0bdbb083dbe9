/**
 * Mantine's TextInput, Textarea, NativeSelect and Button as plain elements (decision 081, as
 * decision 047 did for the layout components): the same elements, classes, data attributes and
 * CSS variables as `@mantine/core` renders for the props the forms use, so Mantine's Input.css and
 * Button.css style them as before, without each one's polymorphic factory, `useProps`,
 * `useStyles`, `Input.Wrapper`, `InputBase` and `Box` layers. The heavy forms render a dozen
 * or more of them a request (the Rate Calculator, the filters of On Hold COD and Order Tracker).
 *
 * Every field keeps what Mantine's did: its label tied to the control (`for`/`id`, `{id}-label`),
 * the required mark (`aria-hidden`, the label's `data-required`), the description and the error
 * under it (`{id}-description`, `{id}-error`, both in `aria-describedby`, `aria-invalid`). As the
 * forms passed Mantine's inputs `READABLE_ERRORS` (form-fields.tsx), typed text keeps the normal
 * colour: always in a text field (disabled ones included, as before), in a select only when it
 * has an error (a disabled select keeps Mantine's dimmed text). app/ui/fields.test.ts renders
 * each beside Mantine's own and compares the HTML.
 *
 * They are the app's one set of plain fields: decision 083's `PlainTextInput` and
 * `PlainNativeSelect` (the Order Tracker's filters, DateRangeFields) were folded in — a field
 * without an `id` takes React's `useId` as Mantine's does, `w` is Mantine's width style prop, and
 * a text field takes a left section, a datalist (`list`) and `onFocus`. Props are the subset the
 * app uses, typed strictly: a prop these do not support is a type error, not a silently
 * different page; a new prop needs a case in the test first.
 */
import { rem } from "@mantine/core";
import { type ChangeEvent, type CSSProperties, type FocusEventHandler, type ReactNode, useId } from "react";

import { theme } from "./theme";

type Kind = "TextInput" | "Textarea" | "NativeSelect";

type FieldBase = {
  /**
   * The control's id (and its name unless `name` is given); the label, description and error
   * derive theirs from it. Without one, React's `useId` as Mantine's (then give `name`).
   */
  id?: string;
  name?: string;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** The required mark only (the form checks; Mantine's `withAsterisk`). */
  withAsterisk?: boolean;
  /** The `required` attribute, and the mark. */
  required?: boolean;
  disabled?: boolean;
  /** On the field's root element. */
  className?: string;
  style?: CSSProperties;
  /** A width on the root (Mantine's `w` style prop: a number is px, written in rem). */
  w?: number;
  /** On the control. */
  "data-testid"?: string;
};

/** The house's colour for typed text, error or not (form-fields.tsx READABLE_ERRORS). */
const READABLE: CSSProperties = { color: "var(--mantine-color-text)" };
const HALF_XS = "calc(var(--mantine-spacing-xs) / 2)";

/** The field with its id: the given one, or React's as Mantine's `useId` writes it. */
function useFieldId<T extends FieldBase>(field: T): T & { id: string } {
  const generated = `mantine-${useId().replace(/:/g, "")}`;
  return { ...field, id: field.id ?? generated };
}

/** The root's style as Mantine's Box writes it: the caller's style, then the width. */
function rootStyle(style: CSSProperties | undefined, w: number | undefined): CSSProperties | undefined {
  if (w === undefined) return style;
  return { ...style, width: rem(w) };
}

/** Label, description, the control's wrapper and error, in Mantine's InputWrapper order. */
function Wrapper({
  kind,
  field,
  wrapperStyle,
  wrapperData,
  children,
}: {
  kind: Kind;
  field: FieldBase & { id: string };
  wrapperStyle?: Record<string, string>;
  wrapperData?: Record<string, string | undefined>;
  children: ReactNode;
}) {
  const { id, label, description, error, withAsterisk, required, disabled, className, style, w } = field;
  const mark = withAsterisk ?? required;
  const hasError = Boolean(error);
  const vars: Record<string, string> = {};
  if (description) vars["--input-margin-top"] = HALF_XS;
  if (hasError) vars["--input-margin-bottom"] = HALF_XS;
  Object.assign(vars, wrapperStyle);
  return (
    <div
      style={rootStyle(style, w)}
      className={`${className ? `${className} ` : ""}m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`}
      data-error={hasError || undefined}
    >
      <label
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
        data-required={mark || undefined}
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
        {mark ? (
          <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden="true">
            {" *"}
          </span>
        ) : null}
      </label>
      {description ? (
        <p
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={Object.keys(vars).length > 0 ? (vars as CSSProperties) : undefined}
        className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-error={hasError || undefined}
        {...wrapperData}
        data-disabled={disabled || undefined}
      >
        {children}
      </div>
      {hasError ? (
        <p className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The control's own attributes that tie it to its wrapper (Mantine's `withAria`). */
function controlProps(kind: Kind, field: FieldBase & { id: string }, readable: boolean) {
  const { id, name, description, error, required, disabled } = field;
  const describedBy = [error ? `${id}-error` : "", description ? `${id}-description` : ""].join(" ").trim();
  return {
    style: readable ? READABLE : undefined,
    className: `m_8fb7ebe7 mantine-Input-input mantine-${kind}-input`,
    "data-variant": "default",
    "data-disabled": disabled || undefined,
    "data-error": Boolean(error) || undefined,
    name: name ?? id,
    required,
    disabled,
    "aria-invalid": Boolean(error),
    "aria-describedby": describedBy || undefined,
    id,
    "data-testid": field["data-testid"],
  };
}

export type TextFieldProps = FieldBase & {
  type?: "text" | "date" | "email" | "search" | "tel" | "number" | "password";
  defaultValue?: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  inputMode?: "numeric" | "decimal" | "text" | "email" | "search" | "tel";
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  pattern?: string;
  min?: string;
  max?: string;
  /** The id of a `<datalist>` of suggestions. */
  list?: string;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  /** An icon before the text (Mantine's `leftSection`). */
  leftSection?: ReactNode;
};

/** A text input (Mantine's TextInput). */
export function TextField(given: TextFieldProps) {
  const props = useFieldId(given);
  const { type, defaultValue, value, onChange, inputMode, placeholder, autoComplete, maxLength, pattern, min, max } =
    props;
  const { list, onFocus, leftSection } = props;
  return (
    <Wrapper
      kind="TextInput"
      field={props}
      wrapperData={leftSection ? { "data-with-left-section": "true" } : undefined}
    >
      {leftSection ? (
        <div data-position="left" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
          {leftSection}
        </div>
      ) : null}
      <input
        {...controlProps("TextInput", props, true)}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        pattern={pattern}
        min={min}
        max={max}
        list={list}
        onFocus={onFocus}
        defaultValue={defaultValue}
        value={value}
        onChange={onChange}
      />
    </Wrapper>
  );
}

export type TextAreaFieldProps = FieldBase & {
  defaultValue?: string;
  maxLength?: number;
  placeholder?: string;
  rows?: number;
};

/** A multi-line text input (Mantine's Textarea without autosize). */
export function TextAreaField(given: TextAreaFieldProps) {
  const props = useFieldId(given);
  const { defaultValue, maxLength, placeholder, rows } = props;
  return (
    <Wrapper kind="Textarea" field={props} wrapperData={{ "data-multiline": "true" }}>
      <textarea
        {...controlProps("Textarea", props, true)}
        maxLength={maxLength}
        placeholder={placeholder}
        rows={rows}
        defaultValue={defaultValue}
      />
    </Wrapper>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = FieldBase & {
  data: readonly SelectOption[];
  defaultValue?: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
};

/** Mantine's ComboboxChevron, the NativeSelect's right section. */
const CHEVRON =
  "M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z";

/** A native select (Mantine's NativeSelect): works without JavaScript. */
export function SelectField(given: SelectFieldProps) {
  const props = useFieldId(given);
  const { data, defaultValue, value, onChange, error } = props;
  return (
    <Wrapper
      kind="NativeSelect"
      field={props}
      wrapperStyle={{ "--input-right-section-pointer-events": "none" }}
      wrapperData={{ "data-pointer": "true", "data-with-right-section": "true" }}
    >
      <select
        {...controlProps("NativeSelect", props, Boolean(error))}
        defaultValue={defaultValue}
        value={value}
        onChange={onChange}
      >
        {data.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
        <svg
          className="m_2943220b mantine-ComboboxChevron-chevron"
          data-combobox-chevron="true"
          data-error={typeof error === "string" ? error : undefined}
          viewBox="0 0 15 15"
          fill="none"
          xmlns="http://www.w3.org/2000/svg"
        >
          <path d={CHEVRON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      </div>
    </Wrapper>
  );
}

export type PlainButtonProps = {
  children: ReactNode;
  type?: "submit" | "button" | "reset";
  /**
   * Mantine's variants: none given is its default (filled, written as Mantine writes an omitted
   * variant); `filled` given, `light` (the primary colour's tint) and `default` (outlined).
   */
  variant?: "filled" | "light" | "default";
  /** Mantine's `compact-sm` size (the date presets); the default size otherwise. */
  size?: "compact-sm";
  /** A spinner in place of the label, and the button disabled (Mantine's `loading`). */
  loading?: boolean;
  disabled?: boolean;
  name?: string;
  value?: string;
  form?: string;
  onClick?: () => void;
  /**
   * A link styled as the button (Mantine's `component="a"`): an `<a>` without `type`. A path in
   * the app is an ordinary link without JavaScript; with it, the page follows it client-side
   * (`useRowLinkNavigation` on a parent), as a Remix `<Link>` would.
   */
  href?: string;
  download?: boolean;
  "aria-current"?: "true" | "page";
  /** An icon before the label (Mantine's `leftSection`). */
  leftSection?: ReactNode;
  "data-testid"?: string;
  "aria-label"?: string;
};

const BORDERLESS = "calc(0.0625rem * var(--mantine-scale)) solid transparent";
const primary = (shade: string) => `var(--mantine-color-${theme.primaryColor}-${shade})`;
/** Each variant's CSS variables, as Mantine's Button writes them (`variantColorResolver`). */
const VARIANTS: Record<"none" | "filled" | "light" | "default", Record<string, string>> = {
  none: { "--button-color": "var(--mantine-color-white)" },
  filled: {
    "--button-bg": primary("filled"),
    "--button-hover": primary("filled-hover"),
    "--button-color": "var(--mantine-color-white)",
    "--button-bd": BORDERLESS,
  },
  light: {
    "--button-bg": primary("light"),
    "--button-hover": primary("light-hover"),
    "--button-color": primary("light-color"),
    "--button-bd": BORDERLESS,
  },
  default: {
    "--button-bg": "var(--mantine-color-default)",
    "--button-hover": "var(--mantine-color-default-hover)",
    "--button-color": "var(--mantine-color-default-color)",
    "--button-bd": "calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)",
  },
};
const COMPACT_SM = {
  "--button-height": "var(--button-height-compact-sm)",
  "--button-padding-x": "var(--button-padding-x-compact-sm)",
  "--button-fz": "var(--mantine-font-size-sm)",
};
/** The root's style: the size's variables, then the variant's (Mantine's order). */
const buttonStyle = (variant: PlainButtonProps["variant"], size: PlainButtonProps["size"]) =>
  ({ ...(size === "compact-sm" ? COMPACT_SM : null), ...VARIANTS[variant ?? "none"] }) as CSSProperties;
/** The loader's place once Mantine's Transition has entered. */
const LOADER_STYLE: CSSProperties = {
  transitionProperty: "transform, opacity",
  WebkitBackfaceVisibility: "hidden",
  willChange: "transform, opacity",
  transitionDuration: "150ms",
  transitionTimingFunction: "ease",
  transformOrigin: "center",
  opacity: 1,
  transform: "translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))",
};
const LOADER_VARS = {
  "--loader-size": "calc(var(--button-height) / 1.8)",
  "--loader-color": "var(--button-color)",
} as CSSProperties;

/** A button, or a link as one (Mantine's Button at the theme's primary colour). */
export function PlainButton({
  children,
  type = "button",
  variant,
  size,
  loading,
  disabled,
  href,
  leftSection,
  ...rest
}: PlainButtonProps) {
  const active = !loading && !disabled;
  const root = {
    style: buttonStyle(variant, size),
    className: `mantine-focus-auto${active ? " mantine-active" : ""} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`,
    "data-variant": variant,
    "data-size": size,
    "data-disabled": disabled || undefined,
    "data-loading": loading || undefined,
    "data-with-left-section": leftSection ? true : undefined,
  };
  const inner = (
    <>
      {loading ? (
        <span style={LOADER_STYLE} className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <span style={LOADER_VARS} className="m_b34414df m_5ae2e3c mantine-Loader-root" />
        </span>
      ) : null}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection ? (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        ) : null}
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </>
  );
  if (href !== undefined)
    return (
      <a {...root} href={href} {...rest}>
        {inner}
      </a>
    );
  return (
    <button {...root} type={type} disabled={disabled || loading} {...rest}>
      {inner}
    </button>
  );
}
