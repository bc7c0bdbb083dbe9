/** The checks every account set-up upload passes before anything is stored: ≤ 300 KB, and the kinds allowed, by their bytes (a PDF by its structure). */
import type { Invalid, Result } from "../core/result";
import { invalid } from "../core/result";
import type { FileKind } from "../http/file-kinds";
import { checkFile, type UploadedFile } from "../http/upload.server";
import { KYC_MESSAGES, MAX_DOCUMENT_BYTES } from "./forms";

export const DOCUMENT_KINDS: readonly FileKind[] = ["png", "jpeg", "pdf"];
export const LOGO_KINDS: readonly FileKind[] = ["png", "jpeg"];

/** A chosen file: a File with a name or bytes; an empty file input posts a nameless empty File. */
export function chosen(file: File | string | null | undefined): File | null {
  if (!file || typeof file === "string") return null;
  return file.name === "" && file.size === 0 ? null : file;
}

/** One upload, checked: the spec's messages for too large and for the wrong kind. */
export async function checkUpload(
  file: File,
  kinds: readonly FileKind[],
): Promise<Result<{ file: UploadedFile }, Invalid>> {
  if (file.size > MAX_DOCUMENT_BYTES) return invalid(KYC_MESSAGES.fileTooLarge);
  const wrongKind = kinds.includes("pdf") ? KYC_MESSAGES.fileWrongKind : KYC_MESSAGES.logoWrongKind;
  return checkFile(file, { kinds, messages: { wrongKind } });
}
