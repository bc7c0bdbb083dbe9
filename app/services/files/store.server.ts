/**
 * The one file store (decision 021): bytes in PostgreSQL's stored_files, written in the
 * caller's transaction so a failed change stores nothing, and served with a safe
 * Content-Disposition. Callers check size and type first (http/upload.server.ts); access
 * rules stay with the caller (who may see a legal document or a client's KYC file).
 */
import { createHash } from "node:crypto";

import { and, eq, gt, like, lt } from "drizzle-orm";

import type { Executor } from "../db/client.server";
import { storedFiles } from "../db/schema";
import { contentDisposition } from "../http/attachment.server";

export type StoredFileInput = {
  purpose: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  uploadedBy: string;
  /** When it was uploaded (default: the database's now). */
  uploadedAt?: Date;
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
      ...(input.uploadedAt ? { uploaded_at: input.uploadedAt } : {}),
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

/**
 * Pending files (decision 063): a checked upload kept between the posts of a two-step form (a
 * form, then its preview), so a person without JavaScript chooses the file once. Stored as
 * `pending:<purpose>`, owned by its uploader, usable for PENDING_FILE_MS; claiming one turns it
 * into a `<purpose>` file inside the caller's transaction, once. Saving a pending file removes
 * every pending file past its time.
 */
export const PENDING_FILE_MS = 2 * 60 * 60 * 1000;

export type PendingFile = { id: number; fileName: string; size: number };

/** Stores the bytes as a pending file of `purpose`; returns it. */
export async function savePendingFile(db: Executor, input: StoredFileInput, now = new Date()): Promise<PendingFile> {
  await db
    .delete(storedFiles)
    .where(
      and(
        like(storedFiles.purpose, "pending:%"),
        lt(storedFiles.uploaded_at, new Date(now.getTime() - PENDING_FILE_MS)),
      ),
    );
  const id = await saveFile(db, { ...input, purpose: `pending:${input.purpose}`, uploadedAt: now });
  return { id, fileName: input.fileName.slice(0, 255), size: input.bytes.byteLength };
}

const pendingOf = (id: number, purpose: string, owner: string, now: Date) =>
  and(
    eq(storedFiles.id, id),
    eq(storedFiles.purpose, `pending:${purpose}`),
    eq(storedFiles.uploaded_by, owner),
    gt(storedFiles.uploaded_at, new Date(now.getTime() - PENDING_FILE_MS)),
  );

/** The owner's pending file of `purpose` still in its time, or null (another's, claimed, expired, unknown). */
export async function pendingFile(
  db: Executor,
  id: number,
  purpose: string,
  owner: string,
  now = new Date(),
): Promise<PendingFile | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({ id: storedFiles.id, fileName: storedFiles.file_name, size: storedFiles.size })
    .from(storedFiles)
    .where(pendingOf(id, purpose, owner, now));
  return row ?? null;
}

/** Makes the owner's pending file a `purpose` file (in the caller's transaction); null when it is not there to claim. */
export async function claimPendingFile(
  tx: Executor,
  id: number,
  purpose: string,
  owner: string,
  now = new Date(),
): Promise<PendingFile | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await tx
    .update(storedFiles)
    .set({ purpose })
    .where(pendingOf(id, purpose, owner, now))
    .returning({ id: storedFiles.id, fileName: storedFiles.file_name, size: storedFiles.size });
  return row ?? null;
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
