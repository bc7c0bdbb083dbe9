/**
 * The kinds of file the app accepts, by name and declared type: pure, so a form can check a
 * chosen file in the browser with the same rule the server applies (upload.server.ts, which
 * also checks the bytes).
 */
export type FileKind = "pdf" | "png" | "jpeg" | "csv";

export type KindRule = { extensions: readonly string[]; mimeTypes: readonly string[]; label: string };

/**
 * Names and declared types per kind. Browsers declare a .csv file as text/csv,
 * application/vnd.ms-excel (Windows with Excel), text/plain or nothing at all.
 */
export const KINDS: Record<FileKind, KindRule> = {
  pdf: { extensions: [".pdf"], mimeTypes: ["application/pdf", "application/x-pdf", ""], label: "PDF" },
  png: { extensions: [".png"], mimeTypes: ["image/png", ""], label: "PNG" },
  jpeg: { extensions: [".jpg", ".jpeg"], mimeTypes: ["image/jpeg", "image/pjpeg", ""], label: "JPEG" },
  // The spec accepts CSV and plain-text files (docs/product.md §5): a .txt counts when its bytes are UTF-8 CSV text.
  csv: {
    extensions: [".csv", ".txt"],
    mimeTypes: ["text/csv", "application/vnd.ms-excel", "text/plain", ""],
    label: "CSV",
  },
};

/** The kind that the file's name and declared type both say, among those allowed. */
export function kindByName(name: string, type: string, kinds: readonly FileKind[]): FileKind | null {
  const lower = name.trim().toLowerCase();
  const mime = type.split(";")[0].trim().toLowerCase();
  return (
    kinds.find((k) => KINDS[k].extensions.some((e) => lower.endsWith(e)) && KINDS[k].mimeTypes.includes(mime)) ?? null
  );
}
