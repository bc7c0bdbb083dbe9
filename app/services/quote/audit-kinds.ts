/**
 * What the audit log records when a saved quote is e-mailed to the merchant (decision 073),
 * merged into audit/kinds.ts's AuditDetails: audit/ imports no domain area (decision 055).
 */
export type SavedQuoteEmailDetails = {
  reference: string;
  to: string;
  /** The outbox message that carries it. */
  mail_id: number | null;
  rate_card_version: number;
  quoted_on: string;
  valid_until: string;
  note: string | null;
};

declare module "../audit/kinds" {
  interface AuditDetails {
    saved_quote: SavedQuoteEmailDetails;
  }
}
