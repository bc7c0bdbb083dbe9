import { Button } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { IconUserPlus } from "@tabler/icons-react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { listClients, registerClient } from "~/services/clients/clients.server";
import { clientListHref, parseClientListQuery, registerClientHref } from "~/services/clients/list-query";
import { registerClientValidator as registerValidator } from "~/services/clients/register-form";
import { plural } from "~/services/core/plural";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { ClientSearchForm, ClientsTable } from "~/ui/ClientList";
import { Group, Stack, Text, Title } from "~/ui/layout";
import { Pager } from "~/ui/Pager";
import { RegisterClientDialog } from "~/ui/RegisterClientDialog";

export const meta: MetaFunction = () => [{ title: "All Users · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "clients.view" });
  const query = parseClientListQuery(searchParamsOf(request));
  const result = await listClients(getDb(), staff, query);
  return { query, ...result };
}

const REGISTER_FORM_ID = "register-client";

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "clients.register" });
  const read = await readForm(request, registerValidator, REGISTER_FORM_ID);
  if (!read.ok) return read.response;
  const outcome = await registerClient(getDb(), staff, read.data);
  if (!outcome.ok) return failureAnswer(outcome, read.submitted, REGISTER_FORM_ID);
  const back = new URL(request.url);
  back.searchParams.delete("register");
  return redirectWithToast(request, `/all-users${back.search}`, {
    kind: "success",
    message: "Registered Successfully",
  });
}

export default function AllUsers() {
  const { query, rows, total, page, pageCount } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const registerOpen = params.get("register") === "1";
  const shown = { ...query, page };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            All Users
          </Title>
          <Text c="dimmed" size="sm">
            Merchant clients you can see
          </Text>
        </div>
        <Button
          component={Link}
          to={registerClientHref(shown)}
          preventScrollReset
          leftSection={<IconUserPlus size={16} aria-hidden />}
        >
          Register New User
        </Button>
      </Group>

      <ClientSearchForm query={query} />

      <ClientsTable query={query} rows={rows} />
      <Pager
        page={page}
        pageCount={pageCount}
        total={total}
        noun={plural(total, "client", "clients")}
        hrefFor={(p) => clientListHref(query, { page: p })}
      />

      {registerOpen ? <RegisterClientDialog formId={REGISTER_FORM_ID} closeTo={clientListHref(shown)} /> : null}
    </Stack>
  );
}
