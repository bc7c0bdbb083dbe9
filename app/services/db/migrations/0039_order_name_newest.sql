-- A Customer Name search's matches for a viewer who sees every client, read from the newest back,
-- reaching further each time, until one more than the count's cap is found (decision 099): what
-- app/services/orders/search.server.ts reads before the page's rows. It replaces
-- order_name_search (migration 0037), which read the last 31 days and then, when they held no
-- more than the cap, the whole book — so a fragment whose names hold thousands of orders a month
-- read every match of the month to keep its newest 1,001.
-- The first read reaches p_first_days back from p_now (and takes anything placed after it); each
-- next one reaches as far again as the matches found so far say the rest of the cap needs, twice
-- over (and at least twice as far as the last), or eight times as far while none is found — twice,
-- then the whole book, as when the next would reach past a year. Each read takes the names' orders
-- from p_now's side of its bound, from orders_customer_name_idx alone, newest first to one past
-- the cap, and replaces the one before: reaching at least twice as far each time, what is read
-- again stays below what the last read reads. The bound is one-sided on purpose: planned without
-- its values (below), a range closed on both sides is estimated to hold 0.5 % of the book, and the
-- plan then walked the index on placed_at and filtered every order in it by name.
-- Planned once per connection (force_generic_plan, as 0037: decision 095).
--   p_names: the book's names that contain the text (lower case, 1–500 of them);
--   p_now: where the first read is measured from; p_first_days: its reach in days (null: the
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
  v_lower timestamptz := CASE WHEN p_first_days IS NULL THEN '-infinity'
    ELSE p_now - make_interval(secs => p_first_days * 86400) END;
  v_empty integer := 0;
  v_reach double precision;
  v_next double precision;
BEGIN
  LOOP
    SELECT coalesce(array_agg(s.id ORDER BY s.placed_at DESC, s.id DESC), '{}'),
           coalesce(array_agg(s.placed_at ORDER BY s.placed_at DESC, s.id DESC), '{}')
      INTO v_ids, v_times
      FROM (
        SELECT o.id, o.placed_at FROM orders o
        WHERE lower(o.customer_name) = ANY (p_names) AND o.placed_at >= v_lower
        ORDER BY o.placed_at DESC, o.id DESC LIMIT p_cap + 1
      ) s;
    v_found := coalesce(array_length(v_ids, 1), 0);
    EXIT WHEN v_found > p_cap OR v_lower = '-infinity';
    -- Seconds from p_now back to where the read so far ends.
    v_reach := greatest(extract(epoch FROM p_now - v_lower), 1);
    IF v_found = 0 THEN
      v_empty := v_empty + 1;
      v_next := CASE WHEN v_empty > 2 THEN 'infinity' ELSE v_reach * 8 END;
    ELSE
      v_next := v_reach + greatest(v_reach, 2 * (p_cap + 1 - v_found) * v_reach / v_found);
    END IF;
    -- Past a year, the whole book: one read where one ending at the book's start would have been
    -- followed by another finding nothing more.
    v_lower := CASE WHEN v_next > 366 * 86400 THEN '-infinity' ELSE p_now - make_interval(secs => v_next) END;
  END LOOP;
  RETURN QUERY
  SELECT f.id, f.placed_at, v_found FROM unnest(v_ids, v_times) WITH ORDINALITY AS f(id, placed_at, n)
  ORDER BY f.n LIMIT p_limit OFFSET p_offset;
END;
$$;
