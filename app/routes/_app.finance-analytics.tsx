/**
 * Finance Analytics (docs/product.md §2, §8; decision 031): one form that schedules the Complete
 * Financial Analysis of the signed-in person's scope. The page says 'E-mail scheduled for your
 * Complete Financial Analysis' at once; the report is built in the background and e-mailed with
 * an .xlsx (money/finance-report.server.ts). A failure to schedule says 'Oops, something went wrong.'.
 */
import { Alert, Button } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { logServerError } from "~/services/core/server-log";
import { getDb } from "~/services/db/client.server";
import { searchParamsOf } from "~/services/http/query-params";
import { FINANCE_MESSAGES } from "~/services/money/finance";
import { latestFinanceReport, requestFinanceReport } from "~/services/money/finance-report.server";
import { Paper, Stack, Text, Title } from "~/ui/layout";

export const meta: MetaFunction = () => [{ title: "Finance Analytics · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "finance-analytics.request" });
  const scheduled = searchParamsOf(request).get("scheduled") === "1";
  const latest = await latestFinanceReport(getDb(), staff.id);
  return { email: staff.email, scheduled, latest };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "finance-analytics.request" });
  try {
    await requestFinanceReport(getDb(), staff);
  } catch (error) {
    logServerError(error, "Scheduling a finance report failed");
    return data({ error: FINANCE_MESSAGES.failed }, { status: 503 });
  }
  return redirectWithToast(request, "/finance-analytics?scheduled=1", {
    kind: "success",
    message: FINANCE_MESSAGES.scheduled,
  });
}

const STATUS_TEXT: Record<string, string> = {
  queued: "waiting to be built",
  running: "being built",
  done: "sent",
  failed: "could not be built (finance has the reason)",
};

export default function FinanceAnalytics() {
  const { email, scheduled, latest } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        Finance Analytics
      </Title>
      {answer?.error ? (
        <Alert color="red" role="alert">
          {answer.error}
        </Alert>
      ) : scheduled ? (
        <Alert color="indigo" role="status" data-testid="finance-scheduled">
          {FINANCE_MESSAGES.scheduled}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Form method="post">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              The Complete Financial Analysis covers every seller in your scope: COD collected, remitted, held and
              pending, bills and outstanding, per seller and per month, and on a last sheet the sellers with no COD or
              billing yet, as an Excel file e-mailed to {email}.
            </Text>
            <Button type="submit" loading={navigation.state === "submitting"}>
              E-mail Complete Financial Analysis
            </Button>
          </Stack>
        </Form>
      </Paper>
      {latest ? (
        <Text size="sm" c="dimmed" data-testid="finance-latest">
          Your last request (
          {new Date(latest.requested_at).toLocaleString("en-IN", {
            timeZone: "Asia/Kolkata",
            dateStyle: "medium",
            timeStyle: "short",
          })}
          ) is {STATUS_TEXT[latest.status] ?? latest.status}.
        </Text>
      ) : null}
    </Stack>
  );
}
