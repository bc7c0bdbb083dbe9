/**
 * The Rate Calculator's courier rows as HTML text (decision 012): a quote has a row for every
 * courier of the client (23 on the demo's first client), each with its badges and a native
 * "Charged amount" disclosure of five lines — ~350 elements that were most of the page's server
 * render as React elements. The rows have no state and no handlers (the disclosure is the
 * browser's own `<details>`), so the same string is built on the server and in the browser and
 * hydration sees the same markup. The markup is what Mantine's Stack, Group, Text and Badge
 * rendered, with their per-element inline variables as classes of quote-result.css. Every value
 * goes through escapeHtml.
 */
import type { CalculatorQuoteView, CalculatorRow } from "~/services/quote/quote-view";

import { escapeHtml as e } from "../html";
import { type SentRows, sentRows } from "../sent-rows";

const TEXT = "mantine-focus-auto m_b6d8b162 mantine-Text-root";
const SM = `${TEXT} quote-sm`;
const XS = `${TEXT} quote-xs`;
const STACK = "m_6d731127 mantine-Stack-root quote-stack";

/** The formula's legend, the same in every row's disclosure. */
export const CHARGES_LEGEND =
  "Base multiplier × base price + additional multiplier × additional price + COD charge + surcharge";

const sm = (text: string, extra = "", attrs = "") => `<p class="${SM}${extra}" data-size="sm"${attrs}>${e(text)}</p>`;
const xs = (text: string, extra = "") => `<p class="${XS}${extra}" data-size="xs">${e(text)}</p>`;

/** A filled badge of the courier cell, as Mantine's `<Badge color=… variant="filled">` rendered it. */
const badge = (kind: "cheapest" | "fastest" | "priority", label: string) =>
  `<div class="m_347db0ec mantine-Badge-root quote-badge quote-${kind}" data-variant="filled"><span class="m_5add502a mantine-Badge-label">${label}</span></div>`;

/** One courier's row: name, badges and own chargeable weight; mode; charges; EDD; the disclosure. */
export function quoteRowHtml(r: CalculatorRow): string {
  const c = r.charges;
  return (
    `<tr data-testid="quote-row">` +
    `<td><div class="${STACK}">` +
    sm(r.courier, r.is_priority ? " quote-fw700" : " quote-fw400", ` data-testid="quote-courier"`) +
    `<div class="m_4081bf90 mantine-Group-root quote-badges">` +
    (r.is_cheapest ? badge("cheapest", "Cheapest") : "") +
    (r.is_fastest ? badge("fastest", "Fastest") : "") +
    (r.is_priority ? badge("priority", "Priority") : "") +
    `</div>` +
    (r.own_weight ? xs(`Chargeable ${r.own_weight}`, " quote-dimmed") : "") +
    `</div></td>` +
    `<td>${e(r.mode)}</td>` +
    `<td data-testid="delivered">${e(r.delivered)}</td>` +
    `<td data-testid="returned">${e(r.returned ?? "—")}</td>` +
    `<td>${e(r.edd_stamp)}</td>` +
    // A native disclosure: opens and closes without JavaScript.
    `<td><details data-testid="charged-amount">` +
    `<summary aria-label="${e(`Charged amount details of ${r.courier}`)}"><span class="${SM}" data-size="sm">Details</span></summary>` +
    `<div class="${STACK} quote-charges">` +
    xs(CHARGES_LEGEND, " quote-dimmed") +
    sm(c.formula, " quote-fw600", ` data-testid="charged-formula"`) +
    xs(c.weight) +
    xs(c.slabs) +
    (c.returned ? xs(`Returned: forward freight + RTO freight + surcharge = ${c.returned}`) : "") +
    `</div></details></td>` +
    `</tr>`
  );
}

/** Every row of a quote, in its order. */
export function quoteRowsHtml(rows: readonly CalculatorRow[]): string {
  return rows.map(quoteRowHtml).join("");
}

/** The `id` of the rows' `tbody` (where the browser finds them in a document's markup). */
export const QUOTE_ROWS_ID = "quote-rows";

/**
 * The calculator's quote as its loader sends it: the rows' HTML sent once (decision 098) — in a
 * document, as markup alone — and how many couriers they are, in place of every row's fields.
 */
export type SentQuote = Omit<CalculatorQuoteView, "rate_list"> & { couriers: number; rows: SentRows };

export function sentQuote(context: unknown, { rate_list, ...quote }: CalculatorQuoteView): SentQuote {
  return { ...quote, couriers: rate_list.length, rows: sentRows(context, quoteRowsHtml(rate_list)) };
}
