-- The stamp of a client's quote configuration (docs/decisions/094-quote-config-stamp.md): what
-- app/services/quote/quote-data.server.ts compares with the config it keeps in memory before every
-- quote. The same text as the statement it replaces, in a function planned once per connection:
-- `plan_cache_mode` is force_custom_plan for the app's statements (decision 046), and re-planning
-- these eight subqueries on every quote cost more than running them. Every subquery is an equality
-- on the client's id (or a name), so the generic plan is the custom one.
--   couriers version | rate rows | courier switches | rule setting | custom rules | Select rules |
--   surface_only # scheduled rate changes of the client's card due by p_at (count/newest id, "0/0": none)
CREATE OR REPLACE FUNCTION "quote_config_stamp"("p_client" integer, "p_at" timestamptz) RETURNS text
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN concat_ws('|',
      (SELECT coalesce(version::text, '0') FROM data_versions WHERE name = 'couriers'),
      (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') || '/' || coalesce(sum(version), 0)
         FROM rate_rows WHERE client_id = p_client),
      (SELECT coalesce(string_agg(courier_service_id || (CASE WHEN is_active THEN '+' ELSE '-' END), ',' ORDER BY courier_service_id), '')
         FROM client_courier_services WHERE client_id = p_client),
      (SELECT rule_code || '/' || version || '/' || updated_at::text FROM client_rule_settings WHERE client_id = p_client),
      (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') || '/' || coalesce(sum(version), 0)
         FROM custom_priority_rules WHERE client_id = p_client),
      (SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') || '/' || coalesce(sum(version), 0)
         FROM pickrr_select_rules WHERE client_id = p_client),
      (SELECT coalesce(pickrr_config->>'surface_only', 'false') FROM clients WHERE id = p_client)
    ) || '#' || (
      SELECT count(*) || '/' || coalesce(max(id), 0) FROM scheduled_rate_changes
      WHERE client_id = p_client AND plan IS NULL AND status = 'pending' AND effective_at <= p_at);
END;
$$;
