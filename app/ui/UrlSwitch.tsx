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
}: {
  label: string;
  on: boolean;
  /** The confirmation to open; without it (`submit`) the switch is a submit button of the form around it. */
  href?: string;
  canChange: boolean;
  testId?: string;
  submit?: boolean;
}) {
  const track = (
    <span
      aria-hidden
      style={{
        display: "inline-block",
        position: "relative",
        width: 38,
        height: 20,
        borderRadius: 10,
        background: on ? "var(--mantine-color-indigo-7)" : "var(--mantine-color-gray-5)",
        opacity: canChange ? 1 : 0.6,
        verticalAlign: "middle",
      }}
    >
      <span
        style={{
          position: "absolute",
          top: 2,
          left: on ? 20 : 2,
          width: 16,
          height: 16,
          borderRadius: 8,
          background: "white",
          transition: "left 120ms",
        }}
      />
    </span>
  );
  if (!canChange) {
    return (
      <span role="switch" aria-checked={on} aria-disabled="true" aria-label={label} className="plan-switch" data-disabled data-testid={testId}>
        {track}
      </span>
    );
  }
  const button = (
    <button type="submit" role="switch" aria-checked={on} aria-label={label} className="plan-switch" data-testid={testId}>
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
