import { Alert, Center } from "@mantine/core";
import { Paper, Stack, Title, Text } from "~/ui/layout";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useSearchParams } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { SignInError, staffAuthenticator } from "~/services/auth/authenticator.server";
import { clientIp, optionalStaff } from "~/services/auth/guard.server";
import { homePathFor } from "~/services/auth/roles";
import { startSession } from "~/services/auth/session.server";
import { signInSchema } from "~/services/auth/sign-in-form";
import { ROLE_OPTIONS, type StaffRole } from "~/services/core/roles";
import { getDb } from "~/services/db/client.server";
import { formError } from "~/services/http/form-errors.server";
import { isSafeRedirect } from "~/services/http/redirect";
import { FormNativeSelect, FormPasswordInput, FormTextInput, SubmitButton } from "~/ui/form-fields";
import "@mantine/core/styles/Center.css";

export const meta: MetaFunction = () => [{ title: "Sign in · Shipping Console" }];

/** Public page: signed-in staff are sent to their home screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await optionalStaff(request);
  if (staff) throw redirect(homePathFor(staff.role));
  return null;
}

const validator = withZod(signInSchema);

/** Only same-site paths the role may open are honoured after sign-in. */
function afterSignIn(to: string | undefined, role: string, fallback: string) {
  if (!isSafeRedirect(to) || to.startsWith("/sign-in")) return fallback;
  const legalPaths = ["/account-setup", "/merchant-agreements", "/legal-status"];
  const isLegalPath = legalPaths.some((p) => to === p || to.startsWith(`${p}?`));
  if ((role === "legal") !== isLegalPath) return fallback;
  return to;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await validator.validate(await request.clone().formData());
  if (result.error) return formError(result.error, result.submittedData);
  const db = getDb();
  try {
    const staff = await staffAuthenticator(db, clientIp(context)).authenticate("staff-form", request);
    const cookie = await startSession(db, request, staff.id);
    return redirect(afterSignIn(result.data.redirectTo, staff.role, homePathFor(staff.role)), {
      headers: { "Set-Cookie": cookie },
    });
  } catch (error) {
    if (error instanceof SignInError) {
      // Keep the e-mail and role (never the password) so a plain post re-renders them.
      const values = { email: result.data.email, role: result.data.role };
      return data({ signInError: error.message, values }, { status: error.rateLimited ? 429 : 401 });
    }
    throw error;
  }
}

export default function SignIn() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const signInError = actionData && "signInError" in actionData ? (actionData.signInError as string) : null;
  const keptValues = actionData && "values" in actionData ? (actionData.values as { email: string; role: StaffRole }) : undefined;
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={400} maw="100%" component="main">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              Sign in
            </Title>
            <Text c="dimmed" size="sm">
              Shipping Console for sales, operations, legal and finance staff
            </Text>
          </div>
          {signInError ? (
            <Alert color="red" title="Error" role="alert" data-testid="sign-in-error">
              {signInError}
            </Alert>
          ) : null}
          <ValidatedForm validator={validator} method="post" noValidate defaultValues={keptValues}>
            <Stack gap="sm">
              <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
              <FormTextInput name="email" label="Email" type="email" autoComplete="username" placeholder="name@company.com" />
              <FormNativeSelect name="role" label="Role" options={ROLE_OPTIONS} placeholder="Select your role" />
              <FormPasswordInput name="password" label="Password" autoComplete="current-password" />
              <SubmitButton fullWidth mt="xs">
                Sign in
              </SubmitButton>
            </Stack>
          </ValidatedForm>
        </Stack>
      </Paper>
    </Center>
  );
}
