/**
 * The one file store (decision 021): bytes in PostgreSQL's stored_files, written in the
 * caller's transaction so a failed change stores nothing, and served with a safe
 * Content-Disposition. Callers check size and type first (http/upload.server.ts); access
 * rules stay with the caller (who may see a legal document or a client's KYC file).
 */
import { createHash } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Executor } from "../db/client.server";
import { storedFiles } from "../db/schema";
import { contentDisposition } from "../http/attachment.server";

export type StoredFileInput = {
  purpose: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  uploadedBy: string;
};
export type StoredFile = {
  id: number;
  purpose: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
  uploadedAt: Date;
};

/** Stores the bytes; returns the new file's id. File names are kept to 255 characters. */
export async function saveFile(tx: Executor, input: StoredFileInput): Promise<number> {
  const [row] = await tx
    .insert(storedFiles)
    .values({
      purpose: input.purpose,
      file_name: input.fileName.slice(0, 255),
      content_type: input.contentType,
      size: input.bytes.byteLength,
      sha256: createHash("sha256").update(input.bytes).digest("hex"),
      bytes: input.bytes,
      uploaded_by: input.uploadedBy,
    })
    .returning({ id: storedFiles.id });
  return row.id;
}

/** The file with its bytes, or null. */
export async function loadFile(db: Executor, id: number): Promise<StoredFile | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  if (!row) return null;
  return {
    id: row.id,
    purpose: row.purpose,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256,
    bytes: row.bytes,
    uploadedAt: row.uploaded_at,
  };
}

export { contentDisposition };

/**
 * The stored file as an HTTP response (private, not cached by shared caches). Never sniffed:
 * `X-Content-Type-Options: nosniff` comes with every response from scripts/server.ts
 * (decision 003), once.
 */
export function fileResponse(file: StoredFile, disposition: "inline" | "attachment" = "inline"): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.fileName, disposition),
      "Cache-Control": "private, no-store",
    },
  });
}
