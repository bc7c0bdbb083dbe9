/** The sign-in form's rules, shared by the browser (instant feedback) and the server. docs/product.md §5. */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { STAFF_ROLES } from "../core/roles";
import { boundedString, TEXT_LIMITS } from "../core/text-input";

export const signInSchema = z.object({
  email: boundedString(TEXT_LIMITS.email, { required_error: "Email is required" })
    .min(1, "Email is required")
    .refine((v) => !/\s/.test(v), "Cannot enter spaces")
    .pipe(z.string().email("Please enter a valid Email ID")),
  role: z.enum(STAFF_ROLES, { errorMap: () => ({ message: "Role is required" }) }),
  password: boundedString(TEXT_LIMITS.password, { required_error: "Password is required" }).min(
    1,
    "Password is required",
  ),
  /** Where to go after signing in; anything unusable is dropped (safeRedirect decides). */
  redirectTo: z.string().max(TEXT_LIMITS.path).optional().catch(undefined),
});

export const signInValidator = withZod(signInSchema);

export type SignInInput = z.infer<typeof signInSchema>;
