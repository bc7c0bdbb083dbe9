/**
 * Uploads, the one way (docs/architecture.md §8): a multipart post is read with a size limit enforced while
 * it streams — a part is refused once it passes the limit, having held at most limit + 1 of
 * its bytes — and a file is accepted only when its name, declared type and first bytes all
 * agree on one of the kinds the caller allows. Every refusal is data (a status and a sentence
 * for the person), never a thrown 500. A PDF's bytes must parse as one (`looksLikePdf`, the
 * structural check of decision 028), for every PDF upload: a `%PDF-` header in front of an HTML
 * page is not a PDF.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

import { fail, type Failure, type Invalid, invalid, type Result } from "../core/result";
import { type FileKind, kindByName, KINDS } from "./file-kinds";
import { looksLikePdf } from "./pdf";

export { type FileKind, kindByName };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** The text of a CSV: valid UTF-8 (a BOM is dropped) without NUL bytes; null for anything binary. */
export function csvText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes("\u0000") ? null : text.replace(/^\uFEFF/, "");
}

/** Whether the bytes are what `kind` says (a PDF's structure; an image's magic bytes; for CSV, UTF-8 text). */
export function hasContentOf(kind: FileKind, bytes: Uint8Array): boolean {
  switch (kind) {
    case "pdf":
      return looksLikePdf(bytes);
    case "png":
      return startsWith(bytes, PNG_MAGIC);
    case "jpeg":
      return startsWith(bytes, JPEG_MAGIC);
    case "csv":
      return csvText(bytes) !== null;
  }
}

// ---------------------------------------------------------------------------------------
// Reading the post
// ---------------------------------------------------------------------------------------

export type MultipartLimits = {
  /** The most bytes one file may have. */
  maxFileBytes: number;
  /** The most bytes one text field may have (default: maxFileBytes). */
  maxFieldBytes?: number;
  messages?: { tooLarge?: string; notMultipart?: string };
  /**
   * "report": a file over the limit is left out of the form (the rest of its bytes read and
   * dropped) and its field named in `tooLarge`, so the page can answer with every other field
   * as typed and the message by that file's field. Unset: the whole post is refused (413).
   */
  oversizedFiles?: "refuse" | "report";
};

class PartTooLarge extends Error {}

/**
 * Reads a part's stream, keeping at most `limit + 1` bytes: one byte past the limit proves
 * the part too large (a 413, with the bytes `held`), and the rest of it is never read.
 */
export async function readLimited(
  data: AsyncIterable<Uint8Array>,
  limit: number,
): Promise<Result<{ bytes: Uint8Array<ArrayBuffer> }, Failure<413, { held: number }>>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    const room = limit + 1 - size;
    const kept = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
    chunks.push(kept);
    size += kept.byteLength;
    if (size > limit) return fail(413, `The part is larger than ${limit} bytes.`, { held: size });
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, bytes };
}

function limitedHandler(maxFileBytes: number, maxFieldBytes: number, tooLarge?: string[]): UploadHandler {
  return async ({ name, filename, contentType, data }) => {
    // One iterator without `return`: stopping at the limit leaves the rest readable, to drop.
    const iterator = data[Symbol.asyncIterator]();
    const once = { [Symbol.asyncIterator]: () => ({ next: () => iterator.next() }) };
    const read = await readLimited(once, typeof filename === "string" ? maxFileBytes : maxFieldBytes);
    if (!read.ok && tooLarge && typeof filename === "string") {
      // Read past the file (the request edge caps the whole body, decision 018), keeping nothing.
      for await (const _ of once);
      tooLarge.push(name);
      return undefined;
    }
    if (!read.ok) throw new PartTooLarge();
    if (typeof filename === "string") return new File([read.bytes], filename, { type: contentType });
    return new TextDecoder().decode(read.bytes);
  };
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_000_000) * 10) / 10} MB`;

/**
 * The most bytes the streaming parser is handed at once. It passes every CRLF-separated piece
 * of a chunk to one call as separate arguments, so a chunk with ~100,000 line ends overflows
 * the stack ("Maximum call stack size exceeded", a 500): the request edge hands the route the
 * whole body as one chunk (decision 018), and a 100,000-line CSV or pasted list has 100,000
 * CRLFs. 16 KB holds at most ~8,000 line ends, far inside the stack (decision 032).
 */
export const PARSER_CHUNK_BYTES = 16 * 1024;

/** The same request, its body re-cut into pieces of at most `size` bytes as it streams. */
function withBoundedChunks(request: Request, size: number): Request {
  if (!request.body) return request;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        for (let at = 0; at < chunk.byteLength; at += size) controller.enqueue(chunk.subarray(at, at + size));
      },
    }),
  );
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

/** A multipart post's fields and files, or why it cannot be read (413 too large, 400 not multipart). */
export async function readMultipart(
  request: Request,
  limits: MultipartLimits,
): Promise<Result<{ form: FormData; tooLarge: string[] }, Failure<400 | 413>>> {
  const maxFieldBytes = limits.maxFieldBytes ?? limits.maxFileBytes;
  const tooLargeFiles: string[] | undefined = limits.oversizedFiles === "report" ? [] : undefined;
  const tooLarge = () =>
    fail(
      413,
      limits.messages?.tooLarge ?? `The file is too large: it may be at most ${megabytes(limits.maxFileBytes)}.`,
    );
  // The streaming parser splits part headers on every `;`, so a file named `rates; v2.csv` is
  // "malformed" to it. The platform's parser reads such names right; it gets a copy of the body
  // (which the request edge has already capped, decision 018) only when the first one gives up.
  const copy = request.body ? request.clone() : null;
  try {
    const bounded = withBoundedChunks(request, PARSER_CHUNK_BYTES);
    const form = await unstable_parseMultipartFormData(
      bounded,
      limitedHandler(limits.maxFileBytes, maxFieldBytes, tooLargeFiles),
    );
    return { ok: true, form, tooLarge: tooLargeFiles ?? [] };
  } catch (error) {
    if (error instanceof PartTooLarge) return tooLarge();
    // Not a multipart post (the app's upload forms always are): nothing we can read.
    if (error instanceof TypeError) return fail(400, limits.messages?.notMultipart ?? "Choose a file to upload.");
    if (!copy || !(error instanceof Error) || !/^malformed /.test(error.message)) throw error;
  }
  let form: FormData;
  try {
    form = await copy.formData();
  } catch {
    return fail(400, limits.messages?.notMultipart ?? "Choose a file to upload.");
  }
  const reported: string[] = [];
  for (const [name, value] of [...form.entries()]) {
    const size = typeof value === "string" ? new TextEncoder().encode(value).byteLength : value.size;
    if (size <= (typeof value === "string" ? maxFieldBytes : limits.maxFileBytes)) continue;
    if (!tooLargeFiles || typeof value === "string") return tooLarge();
    form.delete(name);
    reported.push(name);
  }
  return { ok: true, form, tooLarge: reported };
}

// ---------------------------------------------------------------------------------------
// Checking the file
// ---------------------------------------------------------------------------------------

export type UploadedFile = {
  /** The name the person's file had (a base name; never used to store anything). */
  name: string;
  kind: FileKind;
  bytes: Uint8Array;
  /** The decoded text of a CSV; null for other kinds. */
  text: string | null;
};

export type FileRule = {
  kinds: readonly FileKind[];
  messages?: {
    /** No file was chosen. */
    missing?: string;
    /** More than one file in the field. */
    tooMany?: string;
    /** Name, declared type or content is not one of the kinds. */
    wrongKind?: string;
  };
};

const kindList = (kinds: readonly FileKind[]) => kinds.map((k) => KINDS[k].label).join(" or ");

/** The files chosen in `field` of a multipart post (`readMultipart`); a file input left empty posts none. */
export function chosenFiles(form: FormData, field: string): File[] {
  return form.getAll(field).filter((f): f is File => typeof f !== "string" && !(f.name === "" && f.size === 0));
}

/** The one file in `field`, checked against the rule: refused with the rule's message when not. */
export async function takeFile(
  form: FormData,
  field: string,
  rule: FileRule,
): Promise<Result<{ file: UploadedFile }, Invalid>> {
  const m = rule.messages ?? {};
  const files = chosenFiles(form, field);
  if (files.length === 0) return invalid(m.missing ?? "Choose a file to upload.");
  if (files.length > 1) return invalid(m.tooMany ?? "Choose one file only.");
  return checkFile(files[0], rule);
}

/** Name, declared type and first bytes of one file: all three must say the same allowed kind. */
export async function checkFile(file: File, rule: FileRule): Promise<Result<{ file: UploadedFile }, Invalid>> {
  const wrongKind = () => invalid(rule.messages?.wrongKind ?? `You can only upload ${kindList(rule.kinds)} files.`);
  const kind = kindByName(file.name, file.type, rule.kinds);
  if (!kind) return wrongKind();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!hasContentOf(kind, bytes)) return wrongKind();
  return { ok: true, file: { name: file.name, kind, bytes, text: kind === "csv" ? csvText(bytes) : null } };
}
