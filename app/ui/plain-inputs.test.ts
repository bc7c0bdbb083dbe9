/**
 * The plain TextInput and NativeSelect (decision 083) render what Mantine's own render for every
 * prop the app passes them: the same elements, classes, attributes, sections and error. Each
 * case is rendered by both inside the app's MantineProvider and compared, the generated ids
 * aside (both are React's useId, from components at another depth), but checked to tie the
 * label, the field and the error together alike.
 */
import { MantineProvider, NativeSelect, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { PlainNativeSelect, PlainTextInput } from "./plain-inputs";
import { theme } from "./theme";

function html(component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>): string {
  const out = renderToString(
    createElement(
      MantineProvider,
      { theme, forceColorScheme: "light", withCssVariables: false, withGlobalClasses: false },
      createElement(component, props),
    ),
  );
  // One id per field: every occurrence becomes ID (label's for, the field's id, the error's).
  const ids = new Set([...out.matchAll(/id="(mantine-[^"]+?)(?:-label|-error)?"/g)].map((m) => m[1]));
  expect(ids.size, out).toBe(1);
  const [id] = ids;
  return out.replaceAll(id!, "ID");
}

const icon = createElement(IconSearch, { size: 16, "aria-hidden": true });
const textCases: [string, Record<string, unknown>][] = [
  [
    "a search with an icon",
    {
      name: "q",
      type: "search",
      label: "Search",
      placeholder: "Email or name, then Enter",
      defaultValue: "",
      maxLength: 100,
      leftSection: icon,
      style: { flex: 1, minWidth: 220 },
    },
  ],
  [
    "a search with a value",
    { name: "q", type: "search", label: "Search", defaultValue: 'a&b "c"', maxLength: 100, leftSection: icon },
  ],
  [
    "an e-mail with a list and a width",
    {
      name: "seller",
      type: "email",
      label: "Seller email",
      placeholder: "All sellers",
      list: "tracker-seller-emails",
      defaultValue: "",
      maxLength: 254,
      autoComplete: "off",
      w: 280,
    },
  ],
  [
    "an e-mail refused",
    {
      name: "seller",
      type: "email",
      label: "Seller email",
      defaultValue: "x@y.z",
      error: "No seller with this e-mail among your clients.",
      w: 280,
    },
  ],
  [
    "a date with bounds",
    {
      type: "date",
      name: "from",
      label: "From (Custom)",
      defaultValue: "2026-11-01",
      min: "2026-08-30",
      max: "2026-11-28",
      w: 170,
    },
  ],
  [
    "a date required and refused",
    {
      type: "date",
      name: "from",
      label: "From",
      defaultValue: "",
      min: "2026-08-30",
      max: "2026-11-28",
      error: "Choose a range of at most 90 days.",
      required: true,
      w: 170,
    },
  ],
  ["a plain text", { name: "t", label: "Text" }],
];
const data = [
  { value: "seller", label: "Seller" },
  { value: "avp", label: "AVP" },
  { value: "tl", label: "TL & co" },
  { value: "bdm", label: "BDM (not for your role)", disabled: true },
  { value: "kam", label: "KAM", disabled: false },
];
const selectCases: [string, Record<string, unknown>][] = [
  ["a view with a width", { name: "view", label: "Show by", defaultValue: "avp", data, w: 200 }],
  ["no default", { name: "view", label: "Show by", data }],
  ["refused and required", { name: "view", label: "Show by", data, error: "Choose one.", required: true, w: 160 }],
];

describe("PlainTextInput", () => {
  for (const [label, props] of textCases)
    it(`renders Mantine's TextInput: ${label}`, () => {
      expect(html(PlainTextInput as ComponentType<Record<string, unknown>>, props)).toBe(
        html(TextInput as unknown as ComponentType<Record<string, unknown>>, props),
      );
    });
});

describe("PlainNativeSelect", () => {
  for (const [label, props] of selectCases)
    it(`renders Mantine's NativeSelect: ${label}`, () => {
      expect(html(PlainNativeSelect as ComponentType<Record<string, unknown>>, props)).toBe(
        html(NativeSelect as unknown as ComponentType<Record<string, unknown>>, props),
      );
    });
});
