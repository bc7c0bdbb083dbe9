/**
 * Where a GSTIN is looked up (docs/product.md §7 `GET /api-v2/user/kyc/?gstin=`): one small
 * interface, so a provider for the real GST network can stand behind it later (decision 026).
 * The built-in registry is the gst_registry table, seeded with the demo clients' registrations.
 */
import { eq } from "drizzle-orm";

import type { Executor } from "../db/client.server";
import { gstRegistry } from "../db/schema";
import { panOfGstin } from "./gstin";

/** What a lookup fills (docs/product.md §7 response_data, plus the PAN inside the GSTIN). */
export type GstRegistration = {
  gstin: string;
  company_name: string;
  pan_number: string;
  billing_address: string;
  billing_address_line2: string;
  billing_city: string;
  billing_pincode: string;
  billing_state: string;
  send_email_flag: boolean;
};

export interface GstRegistry {
  /** The registration of a valid (checksummed, upper-case) GSTIN, or null when there is none. */
  lookup(gstin: string): Promise<GstRegistration | null>;
}

/** The built-in registry: the gst_registry table. */
export function tableGstRegistry(db: Executor): GstRegistry {
  return {
    async lookup(gstin) {
      const [row] = await db.select().from(gstRegistry).where(eq(gstRegistry.gstin, gstin));
      if (!row) return null;
      return {
        gstin: row.gstin,
        company_name: row.company_name,
        pan_number: panOfGstin(row.gstin),
        billing_address: row.billing_address,
        billing_address_line2: row.billing_address_line2,
        billing_city: row.city,
        billing_pincode: row.pincode,
        billing_state: row.state,
        send_email_flag: row.send_email_flag,
      };
    },
  };
}

/** The registry the app uses. A GST-network provider would be chosen here from the environment. */
export function gstRegistryFor(db: Executor): GstRegistry {
  return tableGstRegistry(db);
}
