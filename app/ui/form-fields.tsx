/**
 * Mantine inputs bound to remix-validated-form. They are native controls underneath, so the
 * same form posts and shows the server's messages with JavaScript off.
 */
import "@mantine/core/styles/PasswordInput.css";

import { Button, type ButtonProps, NativeSelect, PasswordInput, TextInput } from "@mantine/core";
import { useField, useIsSubmitting } from "remix-validated-form";

/** For plain Mantine inputs with an error: the typed text keeps the normal colour (the error text below is red-9 app-wide, root.tsx). */
export const READABLE_ERRORS = { input: { color: "var(--mantine-color-text)" } };

type FieldProps = {
  name: string;
  label: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  description?: string;
};

export function FormTextInput({ name, label, type = "text", placeholder, autoComplete, description }: FieldProps) {
  const { error, getInputProps } = useField(name);
  return (
    <TextInput
      {...getInputProps({ id: name, type })}
      label={label}
      placeholder={placeholder}
      autoComplete={autoComplete}
      description={description}
      error={error}
      withAsterisk
    />
  );
}

export function FormPasswordInput({ name, label, autoComplete }: FieldProps) {
  const { error, getInputProps } = useField(name);
  return (
    <PasswordInput
      {...getInputProps({ id: name })}
      label={label}
      autoComplete={autoComplete}
      error={error}
      withAsterisk
    />
  );
}

export function FormNativeSelect({
  name,
  label,
  options,
  placeholder,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  const { error, getInputProps } = useField(name);
  return (
    <NativeSelect
      {...getInputProps({ id: name })}
      label={label}
      error={error}
      withAsterisk
      data={[{ value: "", label: placeholder ?? "Select…" }, ...options]}
    />
  );
}

export function SubmitButton({ children, ...props }: ButtonProps & { children: string }) {
  const submitting = useIsSubmitting();
  return (
    <Button type="submit" loading={submitting} {...props}>
      {children}
    </Button>
  );
}
