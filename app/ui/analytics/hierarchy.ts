/** The hierarchy's avatar colours on the Order Tracker (the legend and the table share them). */
export const HIERARCHY_COLOURS = { avp: "avatar-avp", tl: "avatar-tl", bdm: "avatar-bdm" } as const;
export const HIERARCHY_LEGEND = [
  { key: "avp", label: "AVP" },
  { key: "tl", label: "TL" },
  { key: "bdm", label: "BDM" },
] as const;
