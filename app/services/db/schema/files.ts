/** Uploaded files (legal PDFs, KYC documents, label logos) kept where every app instance sees them. */
import { bigint, customType, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBufferLike)),
});

/**
 * One row per stored file, bytes in PostgreSQL (decision 021): the server stays stateless and
 * N copies behind a load balancer see the same file without a second store to run or back up.
 * Files are small (≤ 1 MB legal PDFs, ≤ 300 KB KYC documents).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    /** What the file is for: legal_document, kyc_document, label_logo … */
    purpose: text("purpose").notNull(),
    file_name: text("file_name").notNull(),
    content_type: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    uploaded_by: text("uploaded_by").notNull(),
    uploaded_at: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stored_files_purpose_idx").on(t.purpose)],
);
