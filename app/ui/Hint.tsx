/**
 * A short hint shown beside a control on hover and on keyboard focus — a tooltip made of
 * markup and CSS (app.css `.hint`), so it shows with or without JavaScript and adds no
 * positioning library to the page. The hint is the control's accessible description.
 */
import { cloneElement, type ReactElement, useId } from "react";

export function Hint({
  label,
  position = "top",
  block = false,
  describes = true,
  children,
  ...rest
}: {
  label: string;
  position?: "top" | "right";
  /** Take the full width (a sidebar link) instead of the control's own. */
  block?: boolean;
  /**
   * The hint describes the control (aria-describedby). Off where the control's accessible
   * name already says the same (an icon-only link with an aria-label): the hint is then only
   * visual, so a screen reader does not read it twice.
   */
  describes?: boolean;
  /** One element. */
  children: ReactElement<{ "aria-describedby"?: string }>;
  "data-testid"?: string;
}) {
  const id = useId();
  return (
    <span className="hint" data-position={position} data-block={block || undefined} {...rest}>
      {describes ? cloneElement(children, { "aria-describedby": id }) : children}
      <span role="tooltip" id={id} className="hint-label" aria-hidden={describes ? undefined : true}>
        {label}
      </span>
    </span>
  );
}
