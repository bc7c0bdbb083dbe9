/**
 * The header search (docs/product.md §2): a type and a box in a GET form, so a search is a link
 * (/single-search-record?type=…&q=…) and Enter works without JavaScript. The placeholder
 * follows the chosen type.
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

export function HeaderSearch() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onResults = location.pathname === "/single-search-record";
  const fromUrl = params.get("type");
  const [type, setType] = useState<SearchType>(onResults && fromUrl && isSearchType(fromUrl) ? fromUrl : "tracking_id");
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
        placeholder={SEARCH_PLACEHOLDERS[type]}
        defaultValue={onResults ? (params.get("q") ?? "") : ""}
        maxLength={MAX_SEARCH_LENGTH}
        required
      />
    </Form>
  );
}
