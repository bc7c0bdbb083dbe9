/**
 * The request edge: what every request must satisfy before any route sees it
 * (docs/decisions/018-request-edge.md). scripts/server.ts applies it to every request the
 * Remix handler would answer — pages, `.data` requests and resource routes alike — so no
 * route has to remember it:
 *
 * - methods: GET, HEAD and POST only (405 with `Allow`); no route declares another;
 * - every POST is same-origin: `Sec-Fetch-Site` other than same-origin/none, or an `Origin`
 *   that is not this server's host, is refused with 403 (CSRF, pages and resource routes alike);
 * - a POST body is a form (urlencoded or multipart) except on the JSON endpoints (415), and its
 *   declared size is capped before anything parses it (413).
 *
 * Pure: a function of the method, path and headers, so it is tested without a server.
 */

/** The methods the console answers. No route declares PUT, PATCH or DELETE. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/** A plain form post (urlencoded) or a JSON call: the largest we read. */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * The largest file the console accepts: the rate-card CSV (MAX_UPLOAD_CHARS, 5 MB). Multipart
 * posts may carry one such part plus the form's small fields and the part boundaries; the
 * upload reader (http/upload.server.ts) enforces the file's own limit while it streams.
 */
export const LARGEST_UPLOAD_BYTES = 5_000_000;
export const MULTIPART_BODY_LIMIT = LARGEST_UPLOAD_BYTES + FORM_BODY_LIMIT;

/**
 * A courier's batch of scan events (up to 1,000, decision 059): each event is a few hundred bytes
 * of JSON, so the 64 KB of a form would refuse batches the webhook promises to take.
 */
export const SCAN_BATCH_BODY_LIMIT = 1_000_000;
const SCAN_BATCH_PREFIX = "/api/tracking/";

/** Endpoints for other systems: authenticated by a client token, JSON or form bodies. */
const JSON_ENDPOINT_PREFIXES = ["/api/", "/houston-ratecard/", "/location/"];

export type Refusal = { status: 400 | 403 | 405 | 411 | 413 | 415; message: string; headers?: Record<string, string> };

export const MESSAGES = {
  method: (method: string) => `The method ${method} is not allowed here: use GET or POST.`,
  crossSite: "This form was sent from another site, so it was refused. Open the console and submit it from there.",
  tooLarge: (limit: number) => `The request is too large: a form may send at most ${describeBytes(limit)}.`,
  notForm: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  noBoundary: "The multipart form has no boundary, so it cannot be read.",
  badMultipart: "The multipart form could not be read: send it again from the console's page.",
  badLength: "The Content-Length header is not a number.",
} as const;

function describeBytes(bytes: number): string {
  return bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The path a `.data` (single fetch) request stands for: `/sign-in.data` is `/sign-in`. */
function routePath(path: string): string {
  return path.replace(/\.data$/, "");
}

export function isJsonEndpoint(path: string): boolean {
  const p = routePath(path);
  return JSON_ENDPOINT_PREFIXES.some((prefix) => p.startsWith(prefix) || `${p}/` === prefix);
}

/**
 * The host this request was sent to, as the browser saw it: `X-Forwarded-Host` (its first
 * value) only when the server is told it sits behind a proxy (TRUST_PROXY), else `Host`.
 */
export function requestHost(headers: Headers, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? header(headers, "x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return (forwarded || header(headers, "host"))?.toLowerCase();
}

/**
 * Whether a state-changing request comes from a page of this origin. Browsers send
 * `Sec-Fetch-Site` and `Origin` on every POST; a request with neither is not from a browser
 * (curl, another system) or from one too old to send them, whose cross-site posts carry no
 * session anyway (SameSite=Lax), so it goes on.
 */
export function crossOriginRefusal(headers: Headers, trustProxy: boolean): Refusal | null {
  const site = header(headers, "sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none")
    return { status: 403, message: MESSAGES.crossSite };
  const origin = header(headers, "origin");
  if (origin === undefined) return null;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return { status: 403, message: MESSAGES.crossSite }; // "null" (sandboxed or privacy-hidden) or garbage
  }
  const host = requestHost(headers, trustProxy);
  return host && originHost === host ? null : { status: 403, message: MESSAGES.crossSite };
}

/** The size cap and media-type rule for a POST body, judged on its headers alone. */
export function bodyRefusal(path: string, headers: Headers): Refusal | null {
  const type = (header(headers, "content-type") ?? "").toLowerCase();
  const mediaType = type.split(";")[0].trim();
  const multipart = mediaType === "multipart/form-data";
  if (!isJsonEndpoint(path)) {
    if (mediaType !== "application/x-www-form-urlencoded" && !multipart)
      return { status: 415, message: MESSAGES.notForm };
    if (multipart && !/;\s*boundary=/.test(type)) return { status: 400, message: MESSAGES.noBoundary };
  }
  const limit = routePath(path).startsWith(SCAN_BATCH_PREFIX) ? SCAN_BATCH_BODY_LIMIT : bodyLimit(headers);
  const length = header(headers, "content-length");
  if (length !== undefined) {
    if (!/^\d+$/.test(length.trim())) return { status: 400, message: MESSAGES.badLength };
    if (Number(length) > limit) return { status: 413, message: MESSAGES.tooLarge(limit) };
  }
  return null;
}

/** The most bytes a POST body with these headers may have (multipart carries the upload limit). */
function bodyLimit(headers: Headers): number {
  const mediaType = (header(headers, "content-type") ?? "").toLowerCase().split(";")[0].trim();
  return mediaType === "multipart/form-data" ? MULTIPART_BODY_LIMIT : FORM_BODY_LIMIT;
}

/** Everything the edge refuses before a route runs, or null when the request goes on. */
export function edgeRefusal(
  request: { method: string; path: string; headers: Headers },
  trustProxy: boolean,
): Refusal | null {
  const method = request.method.toUpperCase();
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { status: 405, message: MESSAGES.method(method), headers: { Allow: ALLOWED_METHODS.join(", ") } };
  }
  if (method !== "POST") return null;
  return crossOriginRefusal(request.headers, trustProxy) ?? bodyRefusal(request.path, request.headers);
}

// ---------------------------------------------------------------------------------------
// Response headers
// ---------------------------------------------------------------------------------------

/**
 * The Content-Security-Policy of every page: everything from this origin only; scripts only
 * from this origin's files or inline with this response's nonce (Remix's hydration scripts,
 * Mantine's colour-scheme script). Styles allow inline: Mantine's layout components and
 * style props, and Recharts, render `style` attributes (without them the app shell's layout
 * breaks — decision 018).
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
