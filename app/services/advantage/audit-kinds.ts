/**
 * What the audit log records for the Advantage plans (an offer or activation, the cashback
 * settings), merged into audit/kinds.ts's AuditDetails: audit/ imports no domain area
 * (decision 055).
 */
import type { CashbackSettings } from "./cashback";
import type { AdvantageRatePlan } from "./plans";

declare module "../audit/kinds" {
  interface AuditDetails {
    advantage_plan: AdvantageRatePlan;
    /** As saved; the liability is null only in settings never saved (which are not audited). */
    cashback_settings: Omit<CashbackSettings, "max_tat_liability"> & { max_tat_liability: string | null };
  }
}
