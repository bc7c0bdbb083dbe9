/**
 * The header search (docs/product.md §2): a type and a box in a GET form, so a search is a link
 * (/single-search-record?type=…&q=…) and Enter works without JavaScript. With JavaScript the
 * placeholder follows the chosen type; without it, the page cannot follow the choice, so it
 * names none (decision 070).
 */
import { Form, useLocation } from "@remix-run/react";
import { useState } from "react";

import {
  isSearchType,
  MAX_SEARCH_LENGTH,
  SEARCH_PLACEHOLDERS,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchType,
} from "~/services/orders/search";
import { useHydrated } from "~/ui/useHydrated";

/** Without JavaScript: the type is chosen beside the box, and the placeholder cannot follow it. */
export const NO_JS_PLACEHOLDER = "Search by the type chosen";

export function HeaderSearch() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onResults = location.pathname === "/single-search-record";
  const fromUrl = params.get("type");
  const [type, setType] = useState<SearchType>(onResults && fromUrl && isSearchType(fromUrl) ? fromUrl : "tracking_id");
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      action="/single-search-record"
      className="header-search"
      role="search"
      aria-label="Search orders"
    >
      <select
        name="type"
        aria-label="Search by"
        value={type}
        onChange={(e) => isSearchType(e.currentTarget.value) && setType(e.currentTarget.value)}
      >
        {SEARCH_TYPES.map((t) => (
          <option key={t} value={t}>
            {SEARCH_TYPE_LABELS[t]}
          </option>
        ))}
      </select>
      <input
        key={onResults ? (params.get("q") ?? "") : "empty"}
        type="search"
        name="q"
        aria-label="Order search"
        placeholder={hydrated ? SEARCH_PLACEHOLDERS[type] : NO_JS_PLACEHOLDER}
        defaultValue={onResults ? (params.get("q") ?? "") : ""}
        maxLength={MAX_SEARCH_LENGTH}
        required
      />
    </Form>
  );
}
