/**
 * The plain TextField, TextAreaField, SelectField and PlainButton (decision 081) render what
 * Mantine's TextInput, Textarea, NativeSelect and Button render for every prop the forms pass
 * them: the same elements, classes, CSS variables, data and aria attributes, text. Each case is
 * rendered by both inside the app's MantineProvider; the attributes of each tag are compared as
 * a set (React writes them in the order of the props, which differs and does not matter).
 * Fields without an id (decision 083's, folded in) take React's `useId` as Mantine's do, from
 * components at another depth: those ids are compared after checking that each render has one,
 * tying the label, the field and the error together alike.
 */
import * as Mantine from "@mantine/core";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { type ComponentType, createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import * as Plain from "./fields";
import { READABLE_ERRORS } from "./form-fields";
import { theme } from "./theme";

function html(component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>, children?: ReactNode) {
  return renderToString(
    createElement(
      Mantine.MantineProvider,
      { theme, forceColorScheme: "light", withCssVariables: false, withGlobalClasses: false },
      createElement(component, props, children),
    ),
  );
}

/** Each opening tag's attributes in a fixed order. */
function normalised(markup: string): string {
  return markup.replace(
    /<([a-z]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g,
    (_m, tag: string, attrs: string, self) => {
      const list = attrs.match(/[^\s=]+(?:="[^"]*")?/g) ?? [];
      return `<${tag}${list
        .sort()
        .map((a) => ` ${a}`)
        .join("")}${self}>`;
    },
  );
}

/** A render's one generated id (label's `for`, the field's id, the error's) as ID. */
function oneId(markup: string): string {
  const ids = new Set([...markup.matchAll(/id="(mantine-[^"]+?)(?:-label|-error|-description)?"/g)].map((m) => m[1]));
  expect(ids.size, markup).toBe(1);
  const [id] = ids;
  return markup.replaceAll(id!, "ID");
}

type Pair = [plain: unknown, mantine: unknown];
type Case = [string, Record<string, unknown>, ReactNode?];

function compare([plain, mantine]: Pair, cases: Case[], mantineExtra: Record<string, unknown> = {}) {
  for (const [label, props, children] of cases) {
    let theirs = html(mantine as ComponentType<Record<string, unknown>>, { ...props, ...mantineExtra }, children);
    let ours = html(plain as ComponentType<Record<string, unknown>>, props, children);
    if (props.id === undefined && mantine !== Mantine.Button) [theirs, ours] = [oneId(theirs), oneId(ours)];
    expect(normalised(ours), label).toBe(normalised(theirs));
  }
}

const OPTIONS = [
  { value: "express", label: "Express" },
  { value: "heavy_surface", label: "Heavy surface" },
];

describe("plain fields render as Mantine's", () => {
  it("normalises attribute order only", () => {
    expect(normalised('<input b="1" a="x y" disabled=""/>')).toBe('<input a="x y" b="1" disabled=""/>');
    expect(normalised("<p>a=b</p>")).toBe("<p>a=b</p>");
  });

  it("TextField as TextInput", () => {
    compare(
      [Plain.TextField, Mantine.TextInput],
      [
        [
          "label, value, mark",
          {
            id: "pickup_pincode",
            name: "pickup_pincode",
            label: "Pickup Pincode",
            withAsterisk: true,
            defaultValue: "110001",
            inputMode: "numeric",
          },
        ],
        [
          "no mark, empty",
          { id: "weight", name: "weight", label: "Weight (kg)", defaultValue: "", inputMode: "decimal" },
        ],
        [
          "error",
          {
            id: "weight",
            name: "weight",
            label: "Weight",
            withAsterisk: true,
            error: "Enter the weight.",
            defaultValue: "x",
          },
        ],
        [
          "description",
          { id: "invoice_value", name: "invoice_value", label: "Invoice", description: "Optional", defaultValue: "" },
        ],
        [
          "description and error, disabled",
          { id: "c", name: "c", label: "COD", description: "d", error: "e", disabled: true, defaultValue: "0" },
        ],
        [
          "date, required",
          {
            id: "price_on",
            name: "price_on",
            type: "date",
            label: "Price on",
            required: true,
            defaultValue: "2026-12-01",
          },
        ],
        [
          "placeholder, autocomplete, class, test id",
          {
            id: "q",
            name: "q",
            label: "Search",
            placeholder: "AWB",
            autoComplete: "off",
            className: "x",
            "data-testid": "t",
          },
        ],
      ],
      { styles: READABLE_ERRORS },
    );
  });

  it("TextAreaField as Textarea", () => {
    compare(
      [Plain.TextAreaField, Mantine.Textarea],
      [
        [
          "description, max length",
          {
            id: "quote-note",
            name: "note",
            label: "Note",
            description: "At most 500",
            maxLength: 500,
            defaultValue: "",
          },
        ],
        ["error and text", { id: "quote-note", name: "note", label: "Note", error: "Too long.", defaultValue: "abc" }],
      ],
      { styles: READABLE_ERRORS },
    );
  });

  it("SelectField as NativeSelect", () => {
    const select: Pair = [Plain.SelectField, Mantine.NativeSelect];
    compare(select, [
      [
        "defaults",
        { id: "delivery_mode", name: "delivery_mode", label: "Delivery mode", data: OPTIONS, defaultValue: "express" },
      ],
      [
        "second chosen, mark",
        { id: "s", name: "s", label: "Type", withAsterisk: true, data: OPTIONS, defaultValue: "heavy_surface" },
      ],
      ["disabled", { id: "s", name: "s", label: "Mode", disabled: true, data: OPTIONS, defaultValue: "express" }],
      ["description", { id: "s", name: "s", label: "Mode", description: "Which", data: OPTIONS }],
    ]);
    // With an error, the chosen option keeps the normal colour (READABLE_ERRORS).
    compare(
      select,
      [["error", { id: "s", name: "s", label: "Mode", error: "Choose one.", data: OPTIONS, defaultValue: "express" }]],
      {
        styles: READABLE_ERRORS,
      },
    );
  });

  it("PlainButton as Button", () => {
    compare(
      [Plain.PlainButton, Mantine.Button],
      [
        ["submit", { type: "submit" }, "Calculate"],
        ["default variant", { type: "submit", variant: "default" }, "Download quote (PDF)"],
        ["loading", { type: "submit", loading: true }, "E-mail quote"],
        ["not loading", { type: "submit", loading: false }, "E-mail quote"],
        ["plain button, test id", { "data-testid": "b", "aria-label": "Go" }, "Go"],
      ],
    );
    const icon = createElement(IconDownload, { size: 16, "aria-hidden": true });
    compare(
      [Plain.PlainButton, Mantine.Button],
      [
        ["light", { type: "submit", variant: "light" }, "Search"],
        ["with a left section", { type: "button", leftSection: icon }, "Add"],
      ],
    );
    // Links as buttons: Mantine is given `component="a"`.
    compare(
      [Plain.PlainButton, Mantine.Button],
      [
        ["a download with an icon", { href: "/on-hold-cod/x.xlsx?q=a&b", download: true, leftSection: icon }, "Excel"],
        ["a default download", { variant: "default", href: "/c.csv", download: true, leftSection: icon }, "c.csv"],
        [
          "a current preset",
          { size: "compact-sm", variant: "filled", href: "/p?a=1", "aria-current": "true" },
          "Today",
        ],
        ["a preset", { size: "compact-sm", variant: "default", href: "/p?a=2" }, "Last 7 days"],
      ],
      { component: "a" },
    );
  });

  it("fields without an id, with a width, a left section, a datalist (decision 083's)", () => {
    const icon = createElement(IconSearch, { size: 16, "aria-hidden": true });
    compare(
      [Plain.TextField, Mantine.TextInput],
      [
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
      ],
      { styles: READABLE_ERRORS },
    );
    const views = [
      { value: "seller", label: "Seller" },
      { value: "avp", label: "AVP" },
      { value: "tl", label: "TL & co" },
      { value: "bdm", label: "BDM (not for your role)", disabled: true },
      { value: "kam", label: "KAM", disabled: false },
    ];
    const select: Pair = [Plain.SelectField, Mantine.NativeSelect];
    compare(select, [
      ["a view with a width", { name: "view", label: "Show by", defaultValue: "avp", data: views, w: 200 }],
      ["no default", { name: "view", label: "Show by", data: views }],
    ]);
    compare(
      select,
      [
        [
          "refused and required",
          { name: "view", label: "Show by", data: views, error: "Choose one.", required: true, w: 160 },
        ],
      ],
      { styles: READABLE_ERRORS },
    );
  });
});
