/**
 * The plain Stack, Group, Title, Paper and Text (decision 047) render what Mantine's own render for
 * every prop the app passes them: the same element, classes, CSS variables, style and data
 * attributes. Each case is rendered by both, inside the app's MantineProvider, and compared.
 */
import * as Mantine from "@mantine/core";
import { type ComponentType, createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import * as Light from "./layout";
import { theme } from "./theme";

type Case = [string, Record<string, unknown>, ReactNode?];

function html(
  component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  children: ReactNode,
): string {
  return renderToString(
    createElement(
      Mantine.MantineProvider,
      { theme, forceColorScheme: "light", withCssVariables: false, withGlobalClasses: false },
      createElement(component, props, children),
    ),
  );
}

function compare(name: "Stack" | "Group" | "Title" | "Paper" | "Text", cases: Case[]) {
  for (const [label, props, children = "child"] of cases) {
    const mantine = html(Mantine[name] as unknown as ComponentType<Record<string, unknown>>, props, children);
    const light = html(Light[name] as unknown as ComponentType<Record<string, unknown>>, props, children);
    expect(light, `${name}: ${label}`).toBe(mantine);
  }
}

const kids = [
  createElement("span", { key: "a" }, "a"),
  null,
  false,
  createElement("span", { key: "b" }, "b"),
  createElement("span", { key: "c" }, "c"),
];

describe("plain layout components render as Mantine's", () => {
  it("Stack", () => {
    compare("Stack", [
      ["defaults", {}],
      ["theme gap", { gap: "xs" }],
      ["number gap, style props", { gap: 2, mt: 4, maw: 360 }],
      [
        "align, class, role, data",
        { gap: "sm", align: "flex-start", className: "account-token", role: "alert", "data-testid": "x" },
      ],
      ["caller's style", { gap: 6, mt: "xs", style: { maxHeight: 320, overflow: "auto" } }],
      ["string max width", { gap: "sm", maw: 480 }],
    ]);
  });

  it("Group", () => {
    compare("Group", [
      ["defaults", {}],
      ["justify, align, gap", { justify: "space-between", align: "flex-end", gap: "md" }],
      ["no wrap, margin", { justify: "space-between", mb: "md", wrap: "nowrap" }],
      ["as nav", { justify: "space-between", mt: "sm", component: "nav", "aria-label": "Pagination" }],
      ["number gap", { gap: 6 }],
      ["grow over falsy children", { grow: true, align: "flex-start" }, kids],
      ["grow, start", { grow: true, align: "start" }, kids.slice(0, 1)],
      ["padding, role", { p: "xs", role: "group", gap: "lg", "aria-label": "Plan status" }],
      ["align end", { align: "end", gap: "sm" }, kids],
    ]);
  });

  it("Title", () => {
    compare("Title", [
      ["order 1", { order: 1 }],
      ["order 1 at h2 size", { order: 1, size: "h2" }],
      ["order 2 at h4 size, id", { order: 2, size: "h4", id: "t" }],
      ["order 3 at theme size", { order: 3, size: "lg" }],
      ["margin", { order: 2, size: "h5", mt: "md" }],
    ]);
  });

  it("Text", () => {
    compare("Text", [
      ["defaults", {}],
      ["small, dimmed", { size: "sm", c: "dimmed" }],
      ["extra small, dimmed, margin", { size: "xs", c: "dimmed", mt: 4 }],
      ["weight, as span, test id", { size: "sm", fw: 600, span: true, "data-testid": "panel-title" }],
      ["theme colour with shade", { size: "sm", c: "red.8", role: "alert" }],
      ["theme colour without shade", { c: "indigo" }],
      ["CSS colour", { c: "#123456" }],
      ["struck through, monospace", { size: "sm", td: "line-through", ff: "monospace", component: "del" }],
      ["centred, padding", { c: "dimmed", ta: "center", py: "lg" }],
      ["font size in pixels, weight, class", { fz: 32, fw: 700, className: "growth-up" }],
      ["font size by name", { fz: "md", fw: 700 }],
      ["as heading, margin below", { fw: 600, component: "h3", mb: "xs" }],
      ["as div, medium", { size: "md", component: "div" }],
    ]);
  });

  it("Paper", () => {
    compare("Paper", [
      ["defaults", {}],
      ["border and padding", { withBorder: true, p: "sm" }],
      ["class and data", { withBorder: true, p: "md", className: "hold-verdict", "data-testid": "x", role: "status" }],
      [
        "shadow, radius, width, as main",
        { withBorder: true, shadow: "sm", p: "xl", radius: "md", w: 400, maw: "100%", component: "main" },
      ],
      ["position", { withBorder: true, p: "md", pos: "relative", "aria-busy": false }],
    ]);
  });
});
