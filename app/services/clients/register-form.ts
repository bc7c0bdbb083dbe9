/** Register New User form rules (docs/product.md §5), shared by browser and server. */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { boundedString, TEXT_LIMITS } from "../core/text-input";

export const registerClientSchema = z
  .object({
    name: boundedString(TEXT_LIMITS.name, { required_error: "Please enter user name!" })
      .trim()
      .min(1, "Please enter user name!"),
    company_name: boundedString(TEXT_LIMITS.company, { required_error: "Please enter company name!" })
      .trim()
      .min(1, "Please enter company name!"),
    phone_number: boundedString(TEXT_LIMITS.phone, { required_error: "Please enter the contact number!" })
      .trim()
      .min(1, "Please enter the contact number!")
      .regex(/^(\+91[\s-]?)?[6-9]\d{9}$/, "Please enter a valid 10-digit mobile number."),
    email: boundedString(TEXT_LIMITS.email, { required_error: "Please input your E-mail!" })
      .trim()
      .min(1, "Please input your E-mail!")
      .pipe(z.string().email("The input is not valid E-mail!")),
    password: boundedString(TEXT_LIMITS.password, { required_error: "Please input your password!" })
      .min(1, "Please input your password!")
      .min(8, "Password must be at least 8 characters."),
    confirmPassword: boundedString(TEXT_LIMITS.password, { required_error: "Please confirm your password!" }).min(
      1,
      "Please confirm your password!",
    ),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords that you entered do not match!",
  });

export const registerClientValidator = withZod(registerClientSchema);

export type RegisterClientInput = z.infer<typeof registerClientSchema>;

/** Normalises an Indian mobile number to its ten digits. */
export function normalisePhone(phone: string): string {
  return phone.replace(/\D/g, "").slice(-10);
}
