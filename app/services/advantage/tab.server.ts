/**
 * The Pickrr Advantage tab of a client's rate card, as the page shows it for one plan: the
 * plans' states, the plan card's panels, the turnaround, the premium cashback form's values
 * and what the viewer may do. Parts that fail to load are named in `errors` (getAdvantageView).
 */
import { type AdvantagePlanName, type AdvantagePlanType, PLAN_NAME_OF } from "../core/plans";
import { DELIVERY_TYPES } from "../core/rate-fields";
import { type StaffRole } from "../core/roles";
import type { Db } from "../db/client.server";
import { DELIVERY_TYPE_LABELS, RATE_TABS, TAB_LABELS } from "../ratecards/fields";
import { getAdvantageView } from "./advantage.server";
import { cashbackFormValues } from "./cashback-form";
import { advantagePermissions } from "./plans";

export async function advantageTab(db: Db, clientId: number, plan: AdvantagePlanType, role: StaffRole) {
  const planName = PLAN_NAME_OF[plan];
  const loaded = await getAdvantageView(db, clientId, planName);
  const stateOf = (name: AdvantagePlanName) => ({
    offered: loaded.states?.[name].offered ?? false,
    active: loaded.states?.[name].active ?? false,
  });
  return {
    plan,
    planName,
    permissions: advantagePermissions(role),
    errors: loaded.errors,
    statesLoaded: loaded.states !== null,
    turnaround: loaded.turnaround,
    states: { basic: stateOf("advantage_basic"), premium: stateOf("advantage_premium") },
    applyDefault: loaded.card?.applyDefault ?? true,
    sections: RATE_TABS.flatMap((tab) =>
      DELIVERY_TYPES.map((d) => ({
        key: `${tab}-${d}`,
        delivery: d,
        label: `${TAB_LABELS[tab]} · ${DELIVERY_TYPE_LABELS[d]}`,
        panels: loaded.card?.panels[tab][d] ?? [],
      })),
    ),
    cashback: loaded.cashback
      ? {
          values: cashbackFormValues(loaded.cashback.settings),
          version: loaded.cashback.version,
          configured: loaded.cashback.configured,
        }
      : null,
  };
}
