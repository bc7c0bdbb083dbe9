/**
 * Legal Status (docs/product.md §2, §5, §7; decision 028): every seller with the documents in force for
 * it, accepted or not (with the date). The Agreement Status select filters the list; Download
 * (the filtered list as CSV) is disabled until a status is chosen. Status, search and page are
 * in the URL.
 */
import { Button, NativeSelect, TextInput } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { IconDownload, IconSearch } from "@tabler/icons-react";

import { requireStaff } from "~/services/auth/guard.server";
import { istDateLabel } from "~/services/clients/dates";
import { getDb } from "~/services/db/client.server";
import { searchParamsOf } from "~/services/http/query-params";
import { docLabel } from "~/services/legal/documents";
import { AGREEMENT_STATUS } from "~/services/legal/forms";
import { legalStatus } from "~/services/legal/status.server";
import { parseStatusView, statusSearch } from "~/services/legal/status-query";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { Pager } from "~/ui/Pager";
import { ScrollTable } from "~/ui/ScrollTable";
import { useHydrated } from "~/ui/useHydrated";

export const meta: MetaFunction = () => [{ title: "Legal Status · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "legal.view" });
  const view = parseStatusView(searchParamsOf(request));
  const result = await legalStatus(getDb(), view);
  return { view, ...result };
}

export default function LegalStatus() {
  const { view, rows, total, page, pages } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const downloadHref = view.status ? `/legal-status/download.csv${statusSearch(view, { page: 1 })}` : null;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Legal Status
        </Title>
        <Text c="dimmed" size="sm">
          List of Sellers and the documents in force for each
        </Text>
      </div>
      <Paper withBorder p="sm">
        <Form
          method="get"
          role="search"
          aria-label="Filter sellers"
          // With JavaScript, choosing a status applies it at once (the Apply button does the same without).
          onChange={(e) => (e.target as HTMLElement).tagName === "SELECT" && submit(e.currentTarget)}
          data-hydrated={hydrated ? "true" : undefined}
        >
          <Group align="flex-end" gap="sm">
            <NativeSelect
              name="status"
              label="Agreement Status"
              defaultValue={view.status ?? ""}
              key={`s${view.status}`}
              data={[
                { value: "", label: "All sellers" },
                ...(["1", "0"] as const).map((s) => ({
                  value: s,
                  label: AGREEMENT_STATUS[s],
                })),
              ]}
              w={180}
            />
            <TextInput
              name="q"
              type="search"
              label="Search"
              placeholder="Seller e-mail or name"
              defaultValue={view.q}
              key={`q${view.q}`}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" variant="light">
              Apply
            </Button>
            {downloadHref ? (
              <Button component="a" href={downloadHref} download leftSection={<IconDownload size={16} aria-hidden />}>
                Download
              </Button>
            ) : (
              <Button
                disabled
                leftSection={<IconDownload size={16} aria-hidden />}
                title="Choose an Agreement Status first"
              >
                Download
              </Button>
            )}
          </Group>
        </Form>
      </Paper>
      <Paper withBorder>
        <ScrollTable
          label="Sellers"
          headers={["Seller", "Email", "Segment", "Agreement Status", "Documents in force"]}
          empty="No sellers match."
          rows={rows.map((r) => (
            <tr key={r.id} data-testid="status-row">
              <td>
                {r.name}
                <div className="account-note">{r.company_name}</div>
              </td>
              <td className="wrap-anywhere">{r.email}</td>
              <td>{r.segment ?? "—"}</td>
              <td>
                {r.status ? (
                  <span className={r.status === "1" ? "legal-accepted" : "legal-not-accepted"}>
                    {AGREEMENT_STATUS[r.status]}
                  </span>
                ) : (
                  <span className="account-note">No documents</span>
                )}
              </td>
              <td>
                <ul className="legal-doc-list">
                  {r.docs.map((d) => (
                    // One text node per item (no React separators between the parts).
                    <li
                      key={d.id}
                    >{`${docLabel(d)}: ${d.accepted_at ? `accepted ${istDateLabel(d.accepted_at)}` : "not accepted"}`}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        />
      </Paper>
      <Pager
        page={page}
        pageCount={pages}
        total={total}
        noun={total === 1 ? "seller" : "sellers"}
        hrefFor={(p) => `/legal-status${statusSearch(view, { page: p })}`}
      />
      {view.q || view.status ? (
        <Link to="/legal-status" className="action-link">
          Clear filters
        </Link>
      ) : null}
    </Stack>
  );
}
