/**
 * Order Tracker (docs/product.md §2, §3, §4, §5, §6, §9; decision 030): Daily Stats — placed orders per
 * day for a period (Last 7 days by default, Last 30 days, Last Month, or a custom range of at
 * most 90 days back) and one seller or all in scope, as a bar chart with a brush and a CSV — and
 * Daily Performance, the 15-minute snapshot of placed and picked orders for today and the six
 * days before, by Seller, AVP, BDM or TL, searched, sorted and paged by the server. Every
 * control's state is in the URL; both forms are GET forms that work without JavaScript.
 */
import "~/ui/analytics/analytics.css";

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";

import { INLINE_SELLER_EMAILS, readTrackerRequest, trackerPageReads } from "~/services/analytics/tracker-page.server";
import { viewOptions } from "~/services/analytics/tracker-query";
import { requireStaff } from "~/services/auth/guard.server";
import { getAnalyticsDb } from "~/services/db/client.server";
import { DailyPerformancePanel } from "~/ui/analytics/DailyPerformance";
import { DailyStatsPanel } from "~/ui/analytics/DailyStats";
import { DailyStatsForm } from "~/ui/analytics/TrackerFilters";
import { Stack, Text, Title } from "~/ui/layout";

export const meta: MetaFunction = () => [{ title: "Order Tracker · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.track" });
  const db = getAnalyticsDb();
  const req = await readTrackerRequest(db, staff, request);
  const { emails, stats, performance } = await trackerPageReads(db, staff, req);
  return {
    query: req.query,
    today: req.today,
    range: req.range.ok ? req.range.range : null,
    rangeError: req.range.ok ? null : req.range.message,
    sellerError: req.seller.ok ? null : req.seller.message,
    // A small scope's e-mails come with the page (a datalist works without JavaScript); a large
    // one's (a vp's 2,500) are fetched when the field is first focused, not rendered every time.
    emails: emails.length <= INLINE_SELLER_EMAILS ? emails : null,
    stats,
    performance,
    views: viewOptions(staff.role),
  };
}

export default function OrderTracker() {
  const { query, today, range, rangeError, sellerError, emails, stats, performance, views } =
    useLoaderData<typeof loader>();
  // The seller e-mails' fetcher (DailyStatsForm loads it) is made here: its React useId is part of
  // the tree's id path, so the form's generated ids stay those the page has always had.
  const sellers = useFetcher<{ emails: string[] }>();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Order Tracker
        </Title>
        <Text c="dimmed" size="sm">
          Placed and picked orders of your sellers, by IST day.{" "}
          <Link to="/dashboard" className="action-link text-link">
            Growth: Dashboard
          </Link>
        </Text>
      </div>

      <DailyStatsForm
        query={query}
        today={today}
        rangeError={rangeError}
        sellerError={sellerError}
        emails={emails}
        sellers={sellers}
      />

      <DailyStatsPanel query={query} stats={stats} range={range} refusal={rangeError ?? sellerError} />

      <DailyPerformancePanel performance={performance} query={query} views={views} />
    </Stack>
  );
}
