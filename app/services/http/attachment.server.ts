/** A file download: always an attachment, never cached by shared caches (nosniff is set for every response by scripts/server.ts). */
export function attachmentResponse(
  body: string | Buffer | ReadableStream<Uint8Array>,
  fileName: string,
  contentType: string,
): Response {
  return new Response(typeof body === "string" || body instanceof ReadableStream ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
    },
  });
}

export const csvAttachment = (csv: string, fileName: string) =>
  attachmentResponse(csv, fileName, "text/csv; charset=utf-8");

/**
 * A Content-Disposition header that no file name can break: an ASCII fallback without quotes,
 * backslashes, `;` or `=`, plus the RFC 5987 UTF-8 form of the real name.
 */
export function contentDisposition(fileName: string, disposition: "inline" | "attachment" = "attachment"): string {
  const ascii = fileName.replace(/[^\w.-]+/g, "_").slice(0, 150) || "file";
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName.slice(0, 255))}`;
}
