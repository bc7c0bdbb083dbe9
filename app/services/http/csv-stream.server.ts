/**
 * A CSV download streamed batch by batch: the records come from a lazy iterable and each
 * batch goes through the one CSV writer (http/csv.ts `writeCsv`: RFC 4180, CRLF,
 * formula cells escaped), so a 19k-row file is never held as one string. An optional head (rows
 * before the header, e.g. the Account Ledger's totals, decision 064) is written first.
 */
import { attachmentResponse } from "./attachment.server";
import { writeCsv } from "./csv";

const BATCH = 1000;

type Records = Iterable<readonly string[]> | AsyncIterable<readonly string[]>;

type Rows = readonly (readonly string[])[];

/** Records from a lazy iterable, sync or async (an async one reads the database page by page as the file is written). */
export function csvRecordStream(
  header: readonly string[],
  records: Records,
  head: Rows = [],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator: Iterator<readonly string[]> | AsyncIterator<readonly string[]> =
    Symbol.asyncIterator in records ? records[Symbol.asyncIterator]() : records[Symbol.iterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const batch: (readonly string[])[] = headerSent ? [] : [...head, header];
      headerSent = true;
      for (let next = await iterator.next(); ; next = await iterator.next()) {
        if (next.done) {
          if (batch.length > 0) controller.enqueue(encoder.encode(writeCsv(batch)));
          controller.close();
          return;
        }
        batch.push(next.value);
        if (batch.length >= BATCH) break;
      }
      controller.enqueue(encoder.encode(writeCsv(batch)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

export function streamedCsvAttachment(
  header: readonly string[],
  records: Records,
  fileName: string,
  head: Rows = [],
): Response {
  return attachmentResponse(csvRecordStream(header, records, head), fileName, "text/csv; charset=utf-8");
}
