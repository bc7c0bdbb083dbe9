/**
 * Configuration from the environment, validated once with zod. Secrets never come from code.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { parseEmailList } from "./email-list";

/** OWASP's scrypt cost, log2 N (N = 2^17): what new password hashes use unless PASSWORD_HASH_COST says otherwise. */
export const OWASP_HASH_COST = 17;

/**
 * log2 of scrypt's N for new password hashes from PASSWORD_HASH_COST: an integer 10–20, else
 * OWASP's 17; an invalid value is refused, not guessed (decision 038). Read on each call (the
 * auth tests change it), and checked with the rest of the configuration by `env()`.
 */
export function passwordHashCost(environment: Record<string, string | undefined> = process.env): number {
  const raw = environment.PASSWORD_HASH_COST;
  if (raw === undefined || raw.trim() === "") return OWASP_HASH_COST;
  const cost = Number(raw);
  if (!Number.isInteger(cost) || cost < 10 || cost > 20)
    throw new Error(`PASSWORD_HASH_COST must be an integer from 10 to 20 (log2 of scrypt's N), not "${raw}"`);
  return cost;
}

/** A zod refinement from a parser that throws: its message becomes the issue's. */
function refinedBy(parse: (raw: string) => unknown) {
  return (raw: string | undefined, ctx: z.RefinementCtx) => {
    if (raw === undefined || raw.trim() === "") return;
    try {
      parse(raw);
    } catch (e) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: (e as Error).message });
    }
  };
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.string().url().optional(),
    /**
     * A read replica of DATABASE_URL's database: the analytics pages (Dashboard, its growth
     * drill-down, Order Tracker and their CSVs) read there, every other read and every write stays
     * on DATABASE_URL (decision 091, docs/scale.md). Unset: everything on DATABASE_URL.
     */
    DATABASE_READ_URL: z.string().url().optional(),
    PORT: z.coerce.number().int().positive().default(3000),
    /** Comma-separated; several secrets allow rotation (the first signs, all verify). */
    SESSION_SECRET: z.string().min(16).optional(),
    COOKIE_SECURE: z.enum(["true", "false"]).optional(),
    /** `false`: the embedded database runs on the server's own thread, not a thread of its own (decision 048). */
    PGLITE_THREAD: z.enum(["true", "false"]).default("true"),
    /**
     * The server's embedded database's page cache (PostgreSQL's shared_buffers), e.g. 512MB.
     * Unset: by the book's size (db/page-cache.server.ts, decision 084) — 512MB for the
     * million-order book, whose searches read far fewer pages from its files than with 128MB; a
     * small one for the demo, which keeps the server's memory within its budget.
     */
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d{1,5}(kB|MB|GB)$/, "PGLITE_SHARED_BUFFERS must be a size such as 512MB")
      .optional(),
    /**
     * The bearer token `GET /metrics` asks for (decision 078); unset, the endpoint is off (404).
     * At least 16 characters: it guards what the server counts, compared in constant time.
     */
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    /** `true`: fill an empty database with the demo seed even under NODE_ENV=production (decision 019). */
    SEED_DEMO: z.enum(["true", "false"]).optional(),
    /** Comma-separated e-mails allowed to release COD; unset: the stored setting, else the six demo approvers. */
    FINANCE_APPROVER_EMAILS: z
      .string()
      .optional()
      .superRefine(refinedBy((raw) => parseEmailList(raw, "FINANCE_APPROVER_EMAILS"))),
    /** log2 of scrypt's N for new password hashes, 10–20 (default 17, OWASP's): `passwordHashCost`. */
    PASSWORD_HASH_COST: z
      .string()
      .optional()
      .superRefine(refinedBy((raw) => passwordHashCost({ PASSWORD_HASH_COST: raw }))),
    /**
     * The one account that manages wallet tolerances (docs/product.md §6 "Wallet Configuration":
     * limited to one named account). Default: the demo vp, vp@demo.test.
     */
    WALLET_ADMIN_EMAIL: z.string().trim().toLowerCase().email().default("vp@demo.test"),
    /**
     * Server processes on this machine (decision 039): `npm start` forks this many workers that
     * share the port, as N copies behind a load balancer would share the database. Default 1.
     * More than one needs DATABASE_URL: PGlite's folder belongs to one process.
     */
    WEB_CONCURRENCY: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw.trim() === "") return 1;
        const n = Number(raw);
        if (Number.isInteger(n) && n >= 1 && n <= 64) return n;
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `WEB_CONCURRENCY must be an integer from 1 to 64, not "${raw}"`,
        });
        return z.NEVER;
      }),
    /**
     * Background jobs' timing (decision 079): every job's interval and period multiplied by this
     * number, from 0.0001 to 1 (default 1, the real timing). For tests and demonstrations of
     * several copies only: 0.01 checks the Daily Performance snapshot every 0.3 s and refreshes it
     * every 9 s, cuts cycles at most every 36 s.
     */
    JOB_TIME_SCALE: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw.trim() === "") return 1;
        const n = Number(raw);
        if (Number.isFinite(n) && n >= 0.0001 && n <= 1) return n;
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `JOB_TIME_SCALE must be a number from 0.0001 to 1 (1: the jobs' real timing), not "${raw}"`,
        });
        return z.NEVER;
      }),
  })
  .superRefine((e, ctx) => {
    if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["DATABASE_READ_URL"],
        message: "a read replica needs DATABASE_URL (PostgreSQL): the embedded database has none",
      });
    }
    if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["WEB_CONCURRENCY"],
        message: `${e.WEB_CONCURRENCY} server processes need DATABASE_URL (PostgreSQL): the embedded database belongs to one process`,
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** The configuration in these variables, or an error naming every invalid one. */
export function parseEnv(environment: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse({
    ...environment,
    DATABASE_URL: environment.DATABASE_URL || undefined,
    DATABASE_READ_URL: environment.DATABASE_READ_URL || undefined,
    SESSION_SECRET: environment.SESSION_SECRET || undefined,
    METRICS_TOKEN: environment.METRICS_TOKEN || undefined,
  });
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  return parsed.data;
}

/** The process's configuration, validated once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** SESSION_SECRET, or a random secret generated once into DATA_DIR when it is unset. */
export function sessionSecrets(): string[] {
  const configured = env().SESSION_SECRET;
  if (configured)
    return configured
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const dir = dataDir();
  const file = path.join(dir, "session-secret");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return [readFileSync(file, "utf8").trim()];
}

/** Secure cookies in production unless COOKIE_SECURE says otherwise (docs/architecture.md §8). */
export function cookieSecure(e: Pick<Env, "NODE_ENV" | "COOKIE_SECURE"> = env()): boolean {
  if (e.COOKIE_SECURE) return e.COOKIE_SECURE === "true";
  return e.NODE_ENV === "production";
}

/**
 * A background job's interval or period, `ms` in real time, scaled by JOB_TIME_SCALE (decision
 * 079): the same number unless a test or demonstration shortened the jobs' clock. At least 1 ms.
 */
export function jobMs(ms: number): number {
  return Math.max(1, Math.round(ms * env().JOB_TIME_SCALE));
}
