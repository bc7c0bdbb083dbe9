/**
 * Mantine's TextInput and NativeSelect as plain elements (decision 083, as decision 047 did for
 * Stack, Group, Paper, Title and Text): the same wrapper, label, input, sections, error and
 * classes as `@mantine/core` renders for the props this app passes them, without Mantine's
 * polymorphic factories, `useProps`, `useStyles`, `Input.Wrapper`, `InputBase` and `Box`
 * style-prop parsing — about 0.35 ms (a TextInput) and 0.5 ms (a NativeSelect) of server render
 * each, six of them on the Order Tracker. Mantine's CSS (imported per component in root.tsx)
 * styles them as before. app/ui/plain-inputs.test.ts renders each beside Mantine's own and
 * compares the HTML (the generated ids aside: both are React's useId, from another depth).
 *
 * Props are the subset the app uses, typed strictly: a prop these do not support is a type
 * error, not a silently different page.
 */
import { rem } from "@mantine/core";
import { type CSSProperties, type FocusEventHandler, type ReactNode, useId } from "react";

type Common = {
  name: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  /** A width (Mantine's `w` style prop: a number is px, in rem). */
  w?: number;
  style?: CSSProperties;
};

/** The root's style as Mantine's Box writes it: the caller's style, then the width. */
function rootStyle(style: CSSProperties | undefined, w: number | undefined): CSSProperties | undefined {
  if (w === undefined) return style;
  return { ...style, width: rem(w) };
}

function Wrapper({
  kind,
  id,
  label,
  error,
  required,
  style,
  w,
  children,
}: Omit<Common, "name"> & { kind: "TextInput" | "NativeSelect"; id: string; children: ReactNode }) {
  return (
    <div
      style={rootStyle(style, w)}
      className={`m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`}
      data-error={error ? true : undefined}
    >
      <label
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
        data-required={required ? true : undefined}
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
        {required ? (
          <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden>
            {" *"}
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type PlainTextInputProps = Common & {
  type?: "text" | "search" | "email" | "date";
  placeholder?: string;
  defaultValue?: string;
  maxLength?: number;
  autoComplete?: string;
  list?: string;
  min?: string;
  max?: string;
  leftSection?: ReactNode;
  onFocus?: FocusEventHandler<HTMLInputElement>;
};

/** With an error, Mantine's Input.Wrapper spaces the field from the message. */
const ERROR_GAP = { "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)" } as CSSProperties;

/** Mantine's `TextInput` for the props the app uses (see the module's comment). */
export function PlainTextInput({ label, error, w, style, leftSection, defaultValue, ...input }: PlainTextInputProps) {
  const id = `mantine-${useId().replace(/:/g, "")}`;
  return (
    <Wrapper kind="TextInput" id={id} label={label} error={error} required={input.required} w={w} style={style}>
      <div
        style={error ? ERROR_GAP : undefined}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-error={error ? true : undefined}
        data-with-left-section={leftSection ? true : undefined}
      >
        {leftSection ? (
          <div data-position="left" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            {leftSection}
          </div>
        ) : null}
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={error ? true : undefined}
          {...input}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          id={id}
          defaultValue={defaultValue}
        />
      </div>
    </Wrapper>
  );
}

/** Mantine's ComboboxChevron (NativeSelect's right section). */
const CHEVRON =
  "M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z";

export type PlainNativeSelectProps = Common & {
  data: readonly { value: string; label: string; disabled?: boolean }[];
  defaultValue?: string;
};

/** Mantine's `NativeSelect` for the props the app uses (see the module's comment). */
export function PlainNativeSelect({
  name,
  label,
  error,
  required,
  w,
  style,
  data,
  defaultValue,
}: PlainNativeSelectProps) {
  const id = `mantine-${useId().replace(/:/g, "")}`;
  return (
    <Wrapper kind="NativeSelect" id={id} label={label} error={error} required={required} w={w} style={style}>
      <div
        style={{ ...(error ? ERROR_GAP : null), "--input-right-section-pointer-events": "none" } as CSSProperties}
        className="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"
        data-variant="default"
        data-error={error ? true : undefined}
        data-pointer="true"
        data-with-right-section="true"
      >
        <select
          className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
          data-variant="default"
          data-error={error ? true : undefined}
          name={name}
          required={required}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          id={id}
          defaultValue={defaultValue}
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
            data-error={error || undefined}
            viewBox="0 0 15 15"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
          >
            <path d={CHEVRON} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
      </div>
    </Wrapper>
  );
}
