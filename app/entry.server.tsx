/**
 * Renders a document request to HTML and answers with the whole page as one body.
 *
 * Remix's default entry streams React's output as it is produced: some eighty 2 KiB chunks
 * for a rate card page, each passed through a PassThrough, a web ReadableStream, the
 * Express response and the gzip stream (one zlib call each). Our loaders never defer, so
 * the page is complete as soon as React has rendered it; collecting it first and sending
 * one chunk costs nothing in time to first byte and saves that per-chunk work on every
 * page (docs/decisions/011-per-request-work-and-one-body-pages.md).
 */
import { Writable } from "node:stream";

import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

import { logServerError } from "./services/core/server-log";
import { NonceProvider } from "./ui/nonce";
import { RequestIdProvider } from "./ui/request-id";

/** A render still running after this long is cut short (what Remix's own entry does). */
const ABORT_DELAY_MS = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: { cspNonce?: string; requestId?: string } = {},
) {
  // The Content-Security-Policy nonce scripts/server.ts sent for this response (none in dev).
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
        done();
      },
    });
    const page = (
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.requestId}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      onShellReady() {
        shellRendered = true;
      },
      // Everything is rendered (our loaders return data, never promises): write it out at once.
      onAllReady() {
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors while rendering the shell reject above and are logged by Remix.
        if (shellRendered) logServerError(error, "Render failed");
      },
    });
    const timer = setTimeout(abort, ABORT_DELAY_MS);
  });
}

/**
 * Errors thrown by loaders and actions: logged without query parameters (never secrets), less
 * a client's mistakes: a 4xx Remix answers itself (a POST to a page without an action is 405)
 * is not our error, so no stack trace is logged for it (decision 018).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // Remix wraps a thrown error of a route in an error response; log what was thrown.
  const thrown =
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  logServerError(thrown, `${request.method} ${new URL(request.url).pathname}`);
};
