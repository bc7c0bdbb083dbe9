-- A Customer Name search's matches for a viewer who sees every client, read a slice of the book
-- at a time, newest first, until one more than the count's cap is found (decision 099): what
-- app/services/orders/search.server.ts reads before the page's rows. It replaces
-- order_name_search (migration 0037), which read the last 31 days and then, when they held no
-- more than the cap, the whole book — so a fragment whose names hold thousands of orders a month
-- read every match of the month to keep its newest 1,001.
-- The first slice reaches p_first_days back from p_now (and takes anything placed after it); each
-- next one reaches as far again as the matches found so far say the rest of the cap needs, twice
-- over (and at least as far again as read so far), or eight times as far while none is found —
-- twice, then the rest of the book, as when the next would reach past a year. In each slice every
-- name's orders within its days are read from orders_customer_name_idx alone, and the newest of
-- them kept, no more than are still missing.
-- Slices are disjoint and read newest first, so their matches one after another are in page order.
-- Each name is its own index read: a LATERAL join, kept by its OFFSET 0 from being flattened into
-- a plain join. With the names as one `= ANY` condition, or joined plainly, the plan made once for
-- every call walked the index on placed_at alone and filtered the slice's every order by name.
-- Planned once per connection (force_generic_plan, as 0037: decision 095).
--   p_names: the book's names that contain the text (lower case, 1–500 of them);
--   p_now: where the first slice is measured from; p_first_days: its reach in days (null: the
--   whole book at once); p_cap: the count's cap; p_limit, p_offset: the page.
-- Answers the page's matches, newest first, each with the count of the matches found (to p_cap + 1).
-- order_name_search stays for a copy of the previous release still running during an upgrade.
CREATE OR REPLACE FUNCTION "order_name_newest"(
  "p_names" text[], "p_now" timestamptz, "p_first_days" double precision,
  "p_cap" integer, "p_limit" integer, "p_offset" integer
) RETURNS TABLE ("order_id" integer, "order_placed_at" timestamptz, "found" integer)
  LANGUAGE plpgsql STABLE ROWS 50 SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ids integer[] := '{}';
  v_times timestamptz[] := '{}';
  v_found integer := 0;
  v_upper timestamptz := 'infinity';
  v_lower timestamptz := CASE WHEN p_first_days IS NULL THEN '-infinity'
    ELSE p_now - make_interval(secs => p_first_days * 86400) END;
  v_empty integer := 0;
  v_reach double precision;
  v_next double precision;
BEGIN
  LOOP
    SELECT v_ids || coalesce(array_agg(s.id ORDER BY s.placed_at DESC, s.id DESC), '{}'),
           v_times || coalesce(array_agg(s.placed_at ORDER BY s.placed_at DESC, s.id DESC), '{}')
      INTO v_ids, v_times
      FROM (
        SELECT m.id, m.placed_at FROM unnest(p_names) AS n(name)
        CROSS JOIN LATERAL (
          SELECT o.id, o.placed_at FROM orders o
          WHERE lower(o.customer_name) = n.name AND o.placed_at >= v_lower AND o.placed_at < v_upper
          OFFSET 0
        ) m
        ORDER BY m.placed_at DESC, m.id DESC LIMIT p_cap + 1 - v_found
      ) s;
    v_found := coalesce(array_length(v_ids, 1), 0);
    EXIT WHEN v_found > p_cap OR v_lower = '-infinity';
    -- Seconds from p_now back to where the slices read so far end.
    v_reach := greatest(extract(epoch FROM p_now - v_lower), 1);
    IF v_found = 0 THEN
      v_empty := v_empty + 1;
      v_next := CASE WHEN v_empty > 2 THEN 'infinity' ELSE v_reach * 8 END;
    ELSE
      v_next := v_reach + greatest(v_reach, 2 * (p_cap + 1 - v_found) * v_reach / v_found);
    END IF;
    v_upper := v_lower;
    -- Past a year, the rest of the book: one read where a slice would have ended at the book's
    -- start and left an empty one after it (each slice is an index read per name).
    v_lower := CASE WHEN v_next > 366 * 86400 THEN '-infinity' ELSE p_now - make_interval(secs => v_next) END;
  END LOOP;
  RETURN QUERY
  SELECT f.id, f.placed_at, v_found FROM unnest(v_ids, v_times) WITH ORDINALITY AS f(id, placed_at, n)
  ORDER BY f.n LIMIT p_limit OFFSET p_offset;
END;
$$;
