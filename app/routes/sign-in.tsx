import "@mantine/core/styles/Center.css";

import { Alert, Center } from "@mantine/core";
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useActionData, useSearchParams } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";

import { SignInError, staffAuthenticator } from "~/services/auth/authenticator.server";
import { clientIp, optionalStaff } from "~/services/auth/guard.server";
import { homePathFor } from "~/services/auth/roles";
import { startSession } from "~/services/auth/session.server";
import { signInValidator as validator } from "~/services/auth/sign-in-form";
import { ROLE_OPTIONS, type StaffRole } from "~/services/core/roles";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { sameSitePath } from "~/services/http/redirect";
import { FormNativeSelect, FormPasswordInput, FormTextInput, SubmitButton } from "~/ui/form-fields";
import { Paper, Stack, Text, Title } from "~/ui/layout";

export const meta: MetaFunction = () => [{ title: "Sign in · Shipping Console" }];

/** Public page: signed-in staff are sent to their home screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await optionalStaff(request);
  if (staff) throw redirect(homePathFor(staff.role));
  return null;
}

/** Only same-site paths the role may open are honoured after sign-in (as a header can carry them: sameSitePath). */
function afterSignIn(wanted: string | undefined, role: string, fallback: string) {
  const to = sameSitePath(wanted);
  if (to === null || to.startsWith("/sign-in")) return fallback;
  const legalPaths = ["/account-setup", "/merchant-agreements", "/legal-status"];
  const isLegalPath = legalPaths.some((p) => to === p || to.startsWith(`${p}?`));
  if ((role === "legal") !== isLegalPath) return fallback;
  return to;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readForm(await request.clone().formData(), validator);
  if (!read.ok) return read.response;
  const db = getDb();
  try {
    const staff = await staffAuthenticator(db, clientIp(context)).authenticate("staff-form", request);
    // Where to go is settled before the session is made: nothing after it may fail.
    const to = afterSignIn(read.data.redirectTo, staff.role, homePathFor(staff.role));
    const cookie = await startSession(db, request, staff.id);
    return redirect(to, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    // 401 or 429, with the e-mail and role typed (never the password) so a plain post re-renders them.
    if (!(error instanceof SignInError)) throw error;
    const answer = failureAnswer(error.failure, { email: read.data.email, role: read.data.role });
    // A 429 says when to come back, in whole seconds (decision 060).
    const { retryAfterMs } = error.failure;
    if (retryAfterMs)
      answer.init = { ...answer.init, headers: { "Retry-After": String(Math.ceil(retryAfterMs / 1000)) } };
    return answer;
  }
}

/** The action's Retry-After (a 429) reaches the answer, for a plain post's page as for a fetch. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export default function SignIn() {
  const actionData = useActionData<typeof action>() as FormFailure | undefined;
  const [params] = useSearchParams();
  const signInError = actionData?.message ?? null;
  const keptValues = actionData?.message
    ? (actionData.repopulateFields as { email: string; role: StaffRole })
    : undefined;
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
              <FormTextInput
                name="email"
                label="Email"
                type="email"
                autoComplete="username"
                placeholder="name@company.com"
              />
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
