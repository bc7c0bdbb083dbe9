/**
 * All Users' search form and clients table (docs/product.md §2): a GET search form that keeps the
 * sort, and a server-rendered table whose headers are sort links, so the list works without
 * JavaScript and every view is a URL (services/clients/list-query.ts builds the links).
 */
import { Button, NativeSelect, TextInput } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { IconArrowDown, IconArrowUp, IconSearch } from "@tabler/icons-react";

import type { ClientListRow } from "~/services/clients/clients.server";
import { registeredDateLabel } from "~/services/clients/dates";
import {
  type ClientListQuery,
  type ClientSortKey,
  columnSort,
  emptyClientsMessage,
  PAGE_SIZES,
} from "~/services/clients/list-query";
import { Group, Paper, Text } from "~/ui/layout";

const COLUMNS: { key: ClientSortKey; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "company_name", label: "Company" },
  { key: "email", label: "Email" },
  { key: "phone_number", label: "Phone" },
  { key: "date_joined", label: "Registered" },
];

/** The search box and page size; a sort other than the default rides along as hidden fields. */
export function ClientSearchForm({ query }: { query: ClientListQuery }) {
  return (
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
  );
}

function SortHeader({ query, column }: { query: ClientListQuery; column: (typeof COLUMNS)[number] }) {
  const sort = columnSort(query, column.key);
  return (
    <th scope="col" aria-sort={sort.ariaSort}>
      <Link className="sort-link" to={sort.href}>
        {column.label}
        {sort.arrow ? (
          sort.arrow === "asc" ? (
            <IconArrowUp size={12} aria-hidden style={{ marginLeft: 4 }} />
          ) : (
            <IconArrowDown size={12} aria-hidden style={{ marginLeft: 4 }} />
          )
        ) : null}
      </Link>
    </th>
  );
}

function ClientRow({ row }: { row: ClientListRow }) {
  return (
    <tr data-testid="client-row">
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
  );
}

/** The page of clients, with sortable headers and each row's hierarchy and details link. */
export function ClientsTable({ query, rows }: { query: ClientListQuery; rows: ClientListRow[] }) {
  return (
    <Paper withBorder>
      {/* Fits 1280 px with the sidebar open (long e-mails wrap); anything wider scrolls, with or without JavaScript. */}
      <div className="table-scroll" role="region" aria-label="Clients table" tabIndex={0}>
        {/* Native cells with the plain-table styles: a Mantine Table.Td costs ~15 µs of server render each (docs/architecture.md §7). */}
        <table aria-label="Clients" className="plain-table clients-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <SortHeader key={c.key} query={query} column={c} />
              ))}
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
                    {emptyClientsMessage(query.q)}
                  </Text>
                </td>
              </tr>
            ) : (
              rows.map((row) => <ClientRow key={row.id} row={row} />)
            )}
          </tbody>
        </table>
      </div>
    </Paper>
  );
}
