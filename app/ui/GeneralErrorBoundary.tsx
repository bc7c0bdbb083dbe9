import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

import { Stack, Text, Title } from "~/ui/layout";

import { useRequestId } from "./request-id";

export type RouteErrorView = { status: number; title: string; message: string };

const TITLES: Record<number, string> = { 400: "Bad request", 403: "Not allowed", 404: "Not found" };
const DEFAULT_MESSAGES: Record<number, string> = {
  403: "You do not have access to this page.",
  404: "This page does not exist, or you do not have access to it.",
};
const UNEXPECTED = "The console hit an unexpected error. Nothing was changed; please try again.";

/**
 * What a person sees for a thrown error. A refusal (4xx) shows the message the server wrote
 * for people (the guards' 'You do not have access to this page.', a 404's reason); anything
 * else (5xx, a crash) says only that something went wrong: no exception text, no internals.
 */
export function describeRouteError(error: unknown): RouteErrorView {
  if (!isRouteErrorResponse(error) || error.status >= 500) {
    return {
      status: isRouteErrorResponse(error) ? error.status : 500,
      title: "Something went wrong",
      message: UNEXPECTED,
    };
  }
  const written = typeof error.data === "string" && error.data.trim() !== "" ? error.data : null;
  return {
    status: error.status,
    title: TITLES[error.status] ?? "Request refused",
    message: written ?? DEFAULT_MESSAGES[error.status] ?? "The console could not do this.",
  };
}

/**
 * The error as a block of the page: status, title, message, and the request's id for staff to
 * quote (decision 078; it finds the request's lines in the server's log).
 */
export function RouteErrorMessage({ error, headingOrder = 1 }: { error: unknown; headingOrder?: 1 | 2 }) {
  const view = describeRouteError(error);
  const requestId = useRequestId();
  return (
    <Stack gap="sm" role="alert" data-testid="route-error">
      <Text c="dimmed" size="sm">
        Error {view.status}
      </Text>
      <Title order={headingOrder} size="h2">
        {view.title}
      </Title>
      <Text>{view.message}</Text>
      {requestId ? (
        <Text c="dimmed" size="sm">
          Request id: <code data-request-id={requestId}>{requestId}</code>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The ErrorBoundary body of a section (the signed-in shell, the client page): the section's
 * frame stays around it, so a 403/404/500 in one tab keeps the sidebar, header and tabs.
 */
export function GeneralErrorBoundary({ headingOrder = 1 }: { headingOrder?: 1 | 2 }) {
  return <RouteErrorMessage error={useRouteError()} headingOrder={headingOrder} />;
}
