import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/services/db/schema/index.ts",
  out: "./app/services/db/migrations",
});
