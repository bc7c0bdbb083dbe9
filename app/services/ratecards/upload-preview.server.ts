/**
 * The upload dialog's preview (docs/product.md §4 "Upload flow"): a client card file verified
 * against the card, with what it would change. Verify shows it; Submit shows it again when only
 * its "Effective from" was refused (decision 075), so the verified file is not lost.
 */
import type { SignedInStaff } from "../auth/session.server";
import type { Db } from "../db/client.server";
import { verifyClientUpload } from "./bulk.server";
import type { UploadChange } from "./csv";

/** A preview longer than this is cut (the count of all changes is still shown). */
const MAX_PREVIEW_ROWS = 500;

/** The file passed, with what it would change; Submit sends its text and card token back. */
export type Preview = {
  fileName: string;
  csvText: string;
  cardToken: string;
  rowCount: number;
  totalChanges: number;
  changes: Pick<UploadChange, "row" | "courier" | "priceType" | "delivery_type" | "column" | "old" | "new">[];
};

/** `token`: the card token the preview carries (the card's now on Verify, Verify's own on Submit). */
export async function uploadPreview(
  db: Db,
  staff: SignedInStaff,
  input: { clientId: number; fileName: string; csvText: string; token: Promise<string> | string },
) {
  const [result, cardToken] = await Promise.all([
    verifyClientUpload(db, staff, { clientId: input.clientId, csvText: input.csvText }),
    input.token,
  ]);
  if (!result.ok) {
    if (result.status === 404) throw new Response(result.message, { status: result.status });
    return result;
  }
  const preview: Preview = {
    fileName: input.fileName,
    csvText: input.csvText,
    cardToken,
    rowCount: result.rows.length,
    totalChanges: result.changes.length,
    changes: result.changes
      .slice(0, MAX_PREVIEW_ROWS)
      .map(({ row, courier, priceType, delivery_type, column, old, new: next }) => ({
        row,
        courier,
        priceType,
        delivery_type,
        column,
        old,
        new: next,
      })),
  };
  return { ok: true as const, preview };
}
