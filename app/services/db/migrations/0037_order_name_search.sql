-- A Customer Name search's matches for a viewer who sees every client (docs/decisions/095-name-search-planned-once.md):
-- what app/services/orders/search.server.ts reads before the page's rows. The same statement as
-- the one it replaces for those viewers (decision 093 and its amendment), in a function planned
-- once per connection: `plan_cache_mode` is force_custom_plan for the app's statements (decision
-- 046), and planning this one on every search cost more than running it. Its conditions are
-- equalities on the names and one bound on the date, so the generic plan is the custom one.
--   p_names: the book's names that contain the text (lower case, 1–500 of them);
--   p_since: the window read first (decision 093), or null to read the whole book at once (one name);
--   p_cap: the count's cap (the matches are read to one past it); p_limit, p_offset: the page.
-- Answers the page's matches, newest first, each with the count of the matches found (to p_cap + 1).
CREATE OR REPLACE FUNCTION "order_name_search"(
  "p_names" text[], "p_since" timestamptz, "p_cap" integer, "p_limit" integer, "p_offset" integer
) RETURNS TABLE ("order_id" integer, "order_placed_at" timestamptz, "found" integer)
  LANGUAGE plpgsql STABLE ROWS 50 SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  WITH recent AS MATERIALIZED (
    SELECT o.id, o.placed_at FROM orders o
    WHERE lower(o.customer_name) = ANY (p_names) AND o.placed_at >= coalesce(p_since, '-infinity')
    ORDER BY o.placed_at DESC, o.id DESC LIMIT p_cap + 1
  ),
  -- The whole book, read only when there is a window and it holds no more than the cap.
  whole AS MATERIALIZED (
    SELECT o.id, o.placed_at FROM orders o
    WHERE lower(o.customer_name) = ANY (p_names)
      AND p_since IS NOT NULL AND (SELECT count(*) FROM recent) <= p_cap
    ORDER BY o.placed_at DESC, o.id DESC LIMIT p_cap + 1
  ),
  found AS MATERIALIZED (
    SELECT r.id, r.placed_at FROM recent r WHERE p_since IS NULL OR (SELECT count(*) FROM recent) > p_cap
    UNION ALL
    SELECT w.id, w.placed_at FROM whole w
  )
  SELECT f.id, f.placed_at, (SELECT count(*) FROM found)::integer FROM found f
  ORDER BY f.placed_at DESC, f.id DESC LIMIT p_limit OFFSET p_offset;
END;
$$;
