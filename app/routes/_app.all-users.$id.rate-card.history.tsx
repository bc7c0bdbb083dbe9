/**
 * The audit history of a client's rate changes (docs/product.md §2.5 "History"): a wide dialog over the
 * rate card, newest first, paginated by `?hpage=` links that keep the card's own parameters.
 */
import { Badge } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { describeRateEntry } from "~/services/advantage/describe";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { istDateTimeLabel } from "~/services/clients/dates";
import { getDb } from "~/services/db/client.server";
import { rateChangeHistory } from "~/services/ratecards/history.server";
import { rateCardHref } from "~/services/ratecards/view-query";
import { Stack, Text } from "~/ui/layout";
import { Pager } from "~/ui/Pager";
import { RateCardDialogError } from "~/ui/RateCardDialogError";
import { UrlDialog } from "~/ui/UrlDialog";

const OWN_PARAMS = ["hpage"];
const PER_PAGE = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("hpage") ?? 1);
  const history = await rateChangeHistory(db, client.id, {
    page: Number.isSafeInteger(requested) && requested > 0 ? requested : 1,
    perPage: PER_PAGE,
  });
  // The audit row keeps e-mail and role; names come from the people this page already knows.
  const names = new Map<number, string>([[staff.id, staff.name]]);
  for (const p of [client.vp, client.avp, client.bdm, client.tl]) if (p?.id != null && p.name) names.set(p.id, p.name);
  return {
    self: url.pathname,
    closeTo: rateCardHref(client.id, url, OWN_PARAMS),
    keep: [...new URLSearchParams(url.search)].filter(([k]) => !OWN_PARAMS.includes(k)),
    page: history.page,
    pageCount: history.pageCount,
    total: history.total,
    entries: history.entries.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      who: {
        name: e.staff.id != null ? (names.get(e.staff.id) ?? null) : null,
        email: e.staff.email,
        role: e.staff.role,
      },
      action: e.action,
      ...describeRateEntry(e),
    })),
  };
}

const when = istDateTimeLabel;

export default function RateHistoryDialog() {
  const { self, closeTo, keep, page, pageCount, total, entries } = useLoaderData<typeof loader>();
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(keep);
    if (p > 1) q.set("hpage", String(p));
    const s = q.toString();
    return `${self}${s ? `?${s}` : ""}`;
  };
  return (
    <UrlDialog title="Rate change history" closeTo={closeTo}>
      {/* This dialog needs room for its table; UrlDialog's panel is narrow by default. */}
      <style>{".dialog-panel:has([data-wide-dialog]){width:min(1100px,100%)}"}</style>
      <Stack gap="sm" data-wide-dialog>
        {entries.length === 0 ? (
          <Text size="sm" data-testid="history-empty">
            No rate changes have been recorded for this client yet.
          </Text>
        ) : (
          <div style={{ maxHeight: "60vh", overflow: "auto" }} tabIndex={0} role="region" aria-label="Rate changes">
            <table className="plain-table plain-table-sticky">
              <caption>Newest first</caption>
              <thead>
                <tr>
                  <th>When</th>
                  <th>Who</th>
                  <th>Action</th>
                  <th>What changed</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id} data-testid="history-entry" data-action={e.action}>
                    <td style={{ whiteSpace: "nowrap" }}>
                      <time dateTime={e.at}>{when(e.at)}</time>
                    </td>
                    <td>
                      {e.who.name ? <Text size="sm">{e.who.name}</Text> : null}
                      <Text size="sm">{e.who.email}</Text>
                      <Badge size="xs" variant="light" color="dark">
                        {e.who.role}
                      </Badge>
                    </td>
                    <td>
                      <Text size="sm">{e.actionLabel}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {e.action}
                      </Text>
                    </td>
                    <td>
                      {e.head ? (
                        <Text size="sm" fw={600}>
                          {e.head}
                        </Text>
                      ) : null}
                      {e.summary ? <Text size="sm">{e.summary}</Text> : null}
                      {e.lines.map((l) => (
                        <Text size="sm" key={l.field}>
                          {l.field}:{" "}
                          <Text component="del" td="line-through" c="dimmed" size="sm">
                            <span className="visually-hidden">was </span>
                            {l.old}
                          </Text>{" "}
                          →{" "}
                          <Text span fw={700}>
                            {l.next}
                          </Text>
                        </Text>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          page={page}
          pageCount={pageCount}
          total={total}
          hrefFor={hrefFor}
          noun={total === 1 ? "change" : "changes"}
        />
      </Stack>
    </UrlDialog>
  );
}

export function ErrorBoundary() {
  return (
    <RateCardDialogError
      title="Rate change history"
      fallback={"The history could not be loaded."}
      dialogParams={OWN_PARAMS}
    />
  );
}
