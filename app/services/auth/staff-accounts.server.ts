/**
 * Creating a member of staff outside the demo seed: how a production console gets its first
 * vp (`npm run user:create`, scripts/user-create.ts). The password is hashed with the same
 * scrypt as sign-in, and the creation is audited in the same transaction.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import { fail, type Failure, type Invalid, invalid, type Result } from "../core/result";
import { STAFF_ROLES, type StaffRole } from "../core/roles";
import type { Db } from "../db/client.server";
import { staff } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { hashPassword } from "./password.server";

/** Long enough for a passphrase; the hash (not the length) protects it at rest. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;

export const newStaffSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email("Please enter a valid Email ID"),
  role: z.enum(STAFF_ROLES, { errorMap: () => ({ message: `Role must be one of ${STAFF_ROLES.join(", ")}` }) }),
  name: z.string().trim().min(1).max(100),
  password: z
    .string()
    .min(MIN_STAFF_PASSWORD_LENGTH, `The password needs at least ${MIN_STAFF_PASSWORD_LENGTH} characters`)
    .max(1000),
});
export type NewStaff = z.input<typeof newStaffSchema>;

export type CreateStaffResult = Result<{ id: number; email: string; role: StaffRole }, Invalid | Failure<409>>;

/** Who created an account from the command line (no signed-in staff). */
export const COMMAND_LINE_ACTOR: AuditActor = { id: null, email: "npm run user:create", role: "system" };

export async function createStaffMember(
  db: Db,
  input: NewStaff,
  actor: AuditActor = COMMAND_LINE_ACTOR,
): Promise<CreateStaffResult> {
  const parsed = newStaffSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  const { email, role, name, password } = parsed.data;
  const passwordHash = await hashPassword(password);
  return transaction(db, async (tx): Promise<CreateStaffResult> => {
    const [taken] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.email}) = ${email}`);
    if (taken) return fail(409, `A member of staff with the e-mail ${email} already exists.`);
    const [row] = await tx
      .insert(staff)
      .values({ email, role, name, password_hash: passwordHash })
      .returning({ id: staff.id });
    await writeAudit(tx, actor, {
      entity: "staff",
      entityId: row.id,
      action: "create",
      newValue: { email, role, name },
    });
    return { ok: true, id: row.id, email, role };
  });
}
