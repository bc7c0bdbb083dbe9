import { Alert } from "@mantine/core";
import { isRouteErrorResponse, useLocation, useParams, useRouteError } from "@remix-run/react";

import { rateCardHref } from "~/services/ratecards/view-query";

import { UrlDialog } from "./UrlDialog";

/**
 * The error boundary of a rate card dialog route: the same dialog, holding the server's
 * message (or `fallback`), with a way back to the card.
 */
export function RateCardDialogError({
  title,
  fallback,
  dialogParams = [],
}: {
  title: string;
  fallback: string;
  dialogParams?: readonly string[];
}) {
  const error = useRouteError();
  const { id } = useParams();
  const location = useLocation();
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : fallback;
  return (
    <UrlDialog
      title={title}
      closeTo={rateCardHref(id ?? "", new URL(location.pathname + location.search, "http://x"), dialogParams)}
    >
      <Alert color="red" role="alert">
        {message}
      </Alert>
    </UrlDialog>
  );
}
