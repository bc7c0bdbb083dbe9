import "./UrlSwitch.css";

import { Form } from "@remix-run/react";

/**
 * A switch whose change happens in a confirmation dialog it opens (a URL, so it works without
 * JavaScript): a real button in a GET form, announced as a switch, operated by Space and Enter.
 * When the person may not change it, it is shown disabled. With `submit` it is the submit
 * button of a form around it (a change without confirmation).
 */
export function UrlSwitch({
  label,
  on,
  href,
  canChange,
  testId,
  submit = false,
  form,
  name,
  value,
}: {
  label: string;
  on: boolean;
  /** The confirmation to open; without it (`submit`) the switch is a submit button of the form around it. */
  href?: string;
  canChange: boolean;
  testId?: string;
  submit?: boolean;
  /** With `submit`: the form it submits when not the one around it (its id), and the button's own name and value. */
  form?: string;
  name?: string;
  value?: string;
}) {
  // Classes (UrlSwitch.css), not inline styles: a page may hold fifty of these.
  const track = (
    <span aria-hidden className="url-switch-track" data-on={on || undefined} data-locked={!canChange || undefined}>
      <span className="url-switch-thumb" />
    </span>
  );
  if (!canChange) {
    return (
      <span
        role="switch"
        aria-checked={on}
        aria-disabled="true"
        aria-label={label}
        className="plan-switch"
        data-disabled
        data-testid={testId}
      >
        {track}
      </span>
    );
  }
  const button = (
    <button
      type="submit"
      role="switch"
      aria-checked={on}
      aria-label={label}
      className="plan-switch"
      data-testid={testId}
      form={form}
      name={name}
      value={value}
    >
      {track}
    </button>
  );
  if (submit || !href) return button;
  const url = new URL(href, "http://x");
  return (
    <Form method="get" action={url.pathname} preventScrollReset className="plan-switch-form">
      {[...url.searchParams].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {button}
    </Form>
  );
}
