import { useNavigation } from "@remix-run/react";

/** A thin bar at the top while a page loads or a form submits (JavaScript only; without it the browser shows its own). */
export function PendingBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      className="pending-bar"
      role="progressbar"
      aria-label={navigation.state === "submitting" ? "Saving" : "Loading"}
    />
  );
}
