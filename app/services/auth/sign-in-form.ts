/** The sign-in form's rules, shared by the browser (instant feedback) and the server. Spec part 1 §5. */
import { z } from "zod";
import { STAFF_ROLES } from "../core/roles";

export const signInSchema = z.object({
  email: z
    .string({ required_error: "Email is required" })
    .min(1, "Email is required")
    .refine((v) => !/\s/.test(v), "Cannot enter spaces")
    .pipe(z.string().email("Please enter a valid Email ID")),
  role: z.enum(STAFF_ROLES, { errorMap: () => ({ message: "Role is required" }) }),
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required"),
  redirectTo: z.string().optional(),
});

export type SignInInput = z.infer<typeof signInSchema>;
