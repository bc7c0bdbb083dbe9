/** A file download: always an attachment, never cached by shared caches (nosniff is set for every response by scripts/server.ts). */
export function attachmentResponse(body: string | Buffer | ReadableStream<Uint8Array>, fileName: string, contentType: string): Response {
  const safeName = fileName.replace(/[^\w.\-]+/g, "_");
  return new Response(typeof body === "string" || body instanceof ReadableStream ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const csvAttachment = (csv: string, fileName: string) => attachmentResponse(csv, fileName, "text/csv; charset=utf-8");
