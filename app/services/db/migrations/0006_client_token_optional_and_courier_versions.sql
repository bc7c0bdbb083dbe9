ALTER TABLE "clients" ALTER COLUMN "auth_token" DROP NOT NULL;--> statement-breakpoint
-- Courier attributes (is_air, has_surface, supports_dg/mps/doc, names) feed the quote engine's
-- per-client cache: stamp them like serviceability (decision 008).
CREATE TRIGGER "couriers_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "couriers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('couriers');
--> statement-breakpoint
CREATE TRIGGER "courier_services_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courier_services"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('couriers');
