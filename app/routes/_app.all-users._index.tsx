import { Button, NativeSelect, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { IconArrowDown, IconArrowUp, IconSearch, IconUserPlus } from "@tabler/icons-react";
import { ValidatedForm } from "remix-validated-form";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { listClients, registerClient } from "~/services/clients/clients.server";
import { registeredDateLabel } from "~/services/clients/dates";
import { clientListSearch, type ClientSortKey, PAGE_SIZES, parseClientListQuery } from "~/services/clients/list-query";
import { registerClientValidator as registerValidator } from "~/services/clients/register-form";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { FormPasswordInput, FormTextInput, SubmitButton } from "~/ui/form-fields";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { Pager } from "~/ui/Pager";
import { UrlDialog } from "~/ui/UrlDialog";

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

const COLUMNS: { key: ClientSortKey; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "company_name", label: "Company" },
  { key: "email", label: "Email" },
  { key: "phone_number", label: "Phone" },
  { key: "date_joined", label: "Registered" },
];

export default function AllUsers() {
  const { query, rows, total, page, pageCount } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const registerOpen = params.get("register") === "1";
  const listSearch = clientListSearch({ ...query, page });
  const registerHref = `/all-users${listSearch ? `${listSearch}&` : "?"}register=1`;

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
          to={registerHref}
          preventScrollReset
          leftSection={<IconUserPlus size={16} aria-hidden />}
        >
          Register New User
        </Button>
      </Group>

      <Paper withBorder p="sm">
        <Form method="get" role="search" aria-label="Search clients">
          <Group align="flex-end" gap="sm">
            <TextInput
              name="q"
              defaultValue={query.q}
              key={query.q}
              label="Search"
              placeholder="Name, email, company or phone"
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: 1, minWidth: 220 }}
              type="search"
            />
            {query.sort !== "date_joined" ? <input type="hidden" name="sort" value={query.sort} /> : null}
            {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
            <NativeSelect
              name="perPage"
              label="Rows per page"
              defaultValue={String(query.perPage)}
              key={query.perPage}
              data={PAGE_SIZES.map(String)}
              w={120}
            />
            <Button type="submit" variant="light">
              Search
            </Button>
            {query.q ? (
              <Button component={Link} to="/all-users" variant="subtle">
                Clear
              </Button>
            ) : null}
          </Group>
        </Form>
      </Paper>

      <Paper withBorder>
        {/* Fits 1280 px with the sidebar open (long e-mails wrap); anything wider scrolls, with or without JavaScript. */}
        <div className="table-scroll" role="region" aria-label="Clients table" tabIndex={0}>
          {/* Native cells with the plain-table styles: a Mantine Table.Td costs ~15 µs of server render each (docs/architecture.md §7). */}
          <table aria-label="Clients" className="plain-table clients-table">
            <thead>
              <tr>
                {COLUMNS.map((c) => {
                  const active = query.sort === c.key;
                  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
                  return (
                    <th
                      scope="col"
                      key={c.key}
                      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"}
                    >
                      <Link
                        className="sort-link"
                        to={`/all-users${clientListSearch(query, { sort: c.key, dir: nextDir, page: 1 })}`}
                      >
                        {c.label}
                        {active ? (
                          query.dir === "asc" ? (
                            <IconArrowUp size={12} aria-hidden style={{ marginLeft: 4 }} />
                          ) : (
                            <IconArrowDown size={12} aria-hidden style={{ marginLeft: 4 }} />
                          )
                        ) : null}
                      </Link>
                    </th>
                  );
                })}
                <th scope="col">Hierarchy</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7}>
                    <Text c="dimmed" ta="center" py="lg">
                      {query.q ? `No clients match “${query.q}”.` : "No clients yet. Register the first one."}
                    </Text>
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.id} data-testid="client-row">
                    <td>{row.name}</td>
                    <td>{row.company_name}</td>
                    <td className="wrap-anywhere">{row.email}</td>
                    <td>{row.phone_number}</td>
                    <td className="nowrap">{registeredDateLabel(new Date(row.date_joined))}</td>
                    <td>
                      {/* Plain elements and classes: this cell repeats on every row (docs/architecture.md §7: Mantine style props cost CPU per row). */}
                      <div className="hierarchy">
                        {(["tl", "bdm", "avp", "vp"] as const).map((r) => (
                          <span key={r} title={row[r]?.email ?? undefined}>
                            <b>{r.toUpperCase()}</b>
                            {row[r]?.name ?? "—"}
                          </span>
                        ))}
                      </div>
                    </td>
                    <td>
                      <Link className="action-link" to={`/all-users/${row.id}`} prefetch="intent">
                        View Details
                        <span className="visually-hidden"> of {row.name}</span>
                      </Link>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </Paper>
      <Pager
        page={page}
        pageCount={pageCount}
        total={total}
        noun={total === 1 ? "client" : "clients"}
        hrefFor={(p) => `/all-users${clientListSearch(query, { page: p })}`}
      />

      {registerOpen ? (
        <UrlDialog title="Register New User" closeTo={`/all-users${listSearch}`}>
          <ValidatedForm validator={registerValidator} method="post" id={REGISTER_FORM_ID} noValidate>
            <Stack gap="sm">
              <input type="hidden" name="intent" value="register" />
              <FormTextInput name="name" label="Name" autoComplete="name" />
              <FormTextInput name="company_name" label="Company Name" autoComplete="organization" />
              <FormTextInput name="phone_number" label="Contact Number" type="tel" autoComplete="tel" />
              <FormTextInput name="email" label="Email" type="email" autoComplete="email" />
              <FormPasswordInput name="password" label="Password" autoComplete="new-password" />
              <FormPasswordInput name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
              <Group justify="flex-end" mt="sm">
                <Button component={Link} to={`/all-users${listSearch}`} variant="default" preventScrollReset>
                  Cancel
                </Button>
                <SubmitButton>Register</SubmitButton>
              </Group>
            </Stack>
          </ValidatedForm>
        </UrlDialog>
      ) : null}
    </Stack>
  );
}
