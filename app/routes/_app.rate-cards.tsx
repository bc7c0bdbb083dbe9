import { Button } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { IconDownload } from "@tabler/icons-react";
import { z } from "zod";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { DELIVERY_TYPES, type Segment, SEGMENTS } from "~/services/core/rate-fields";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import { DELIVERY_TYPE_LABELS, RATE_TABS, SEGMENT_NAMES, TAB_LABELS } from "~/services/ratecards/fields";
import { rateCardPermissions } from "~/services/ratecards/permissions";
import { getSegmentRateCard } from "~/services/ratecards/read.server";
import { backTo } from "~/services/ratecards/row-action.server";
import { notAbleToUpdateRateCard } from "~/services/ratecards/row-form";
import { CANCEL_SCHEDULED_FORM_ID, cancelScheduledValidator } from "~/services/ratecards/scheduled";
import { cancelScheduledChange, pendingChanges } from "~/services/ratecards/scheduled.server";
import { Group, Stack, Text, Title } from "~/ui/layout";
import { RatePanels } from "~/ui/RatePanels";
import { ScheduledRateChanges } from "~/ui/ScheduledRateChanges";

export const meta: MetaFunction = () => [{ title: "Segment Rate Cards · Shipping Console" }];

const viewSchema = z.object({
  segment: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .catch(0),
  tab: z.enum(RATE_TABS).catch("forward"),
});

/** The three segment rate cards (docs/product.md §2): Segment One, Two, Three, each Forward / Reverse / RTO × Express / Surface. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const params = new URL(request.url).searchParams;
  const view = viewSchema.parse({ segment: params.get("segment") ?? undefined, tab: params.get("tab") ?? undefined });
  const db = getDb();
  const [card, pending] = await Promise.all([
    getSegmentRateCard(db, view.segment as Segment),
    pendingChanges(db, { segment: view.segment as Segment }),
  ]);
  if (!card) throw new Response("Unknown segment.", { status: 404 });
  return {
    view,
    canBulkChange: rateCardPermissions(staff.role).canBulkChange,
    // Bulk changes scheduled to take effect later (decisions 075, 076), soonest first.
    pending: pending.map(({ kind: _k, effectiveAt: _e, ...p }) => p),
    name: card.name,
    sections: DELIVERY_TYPES.map((d) => ({
      delivery: d,
      label: DELIVERY_TYPE_LABELS[d],
      // The RTO tab holds Forward RTO and Reverse RTO rows: a Price Type column tells them apart.
      identity: view.tab === "rto" ? ("price-type" as const) : undefined,
      panels: card.panels[view.tab][d],
    })),
  };
}

/** Cancel of a segment card's pending change (decisions 075, 076): whoever may change it in bulk. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.bulk-change" });
  const form = await request.formData();
  if (form.get("intent") !== "cancel-scheduled") throw new Response("Unknown action.", { status: 400 });
  const read = await readForm(form, cancelScheduledValidator, CANCEL_SCHEDULED_FORM_ID);
  if (!read.ok) throw new Response("Unknown action.", { status: 400 });
  const { segment } = viewSchema.parse({ segment: new URL(request.url).searchParams.get("segment") ?? undefined });
  const result = await cancelScheduledChange(getDb(), staff, { segment: segment as Segment, id: read.data.id });
  if (!result.ok) return failureAnswer(notAbleToUpdateRateCard(result), read.submitted, CANCEL_SCHEDULED_FORM_ID);
  return redirectWithToast(request, backTo(request), {
    kind: "success",
    message: `Cancelled: the change will not take effect on ${result.effectiveAtText}.`,
  });
}

export default function SegmentRateCards() {
  const { view, name, sections, canBulkChange, pending } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { formId?: string; message?: string } | undefined;
  const cancelRefusal = answer?.formId === CANCEL_SCHEDULED_FORM_ID ? (answer.message ?? null) : null;
  const href = (patch: Partial<typeof view>) => {
    const next = { ...view, ...patch };
    return `/rate-cards?segment=${next.segment}&tab=${next.tab}`;
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Segment Rate Cards
          </Title>
          <Text c="dimmed" size="sm">
            The default rates of each customer segment
          </Text>
        </div>
        <Group gap="xs">
          {canBulkChange ? (
            <Button
              component={Link}
              to={`/rate-cards/change-prices?segment=${view.segment}&tab=${view.tab}`}
              preventScrollReset
              size="xs"
              variant="light"
            >
              Change prices
            </Button>
          ) : null}
          <Button
            component="a"
            href={`/rate-cards/${view.segment}/download.csv`}
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Download {name} CSV
          </Button>
          <Button
            component="a"
            href={`/rate-cards/${view.segment}/download.pdf`}
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Download {name} PDF
          </Button>
        </Group>
      </Group>
      <nav className="tab-nav" aria-label="Segments">
        {SEGMENTS.map((s) => (
          <Link key={s} to={href({ segment: s })} aria-current={view.segment === s ? "page" : undefined}>
            {SEGMENT_NAMES[s]}
          </Link>
        ))}
      </nav>
      <nav className="tab-nav" aria-label="Shipment types">
        {RATE_TABS.map((t) => (
          <Link key={t} to={href({ tab: t })} aria-current={view.tab === t ? "page" : undefined} preventScrollReset>
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      {view.tab === "reverse" ? (
        <Text size="sm" c="dimmed">
          RTO is charged as forward.
        </Text>
      ) : null}
      <ScheduledRateChanges
        pending={pending}
        action={href({})}
        canCancel={canBulkChange}
        refusal={cancelRefusal}
        title={`Scheduled changes to ${name}`}
      />
      <RatePanels sections={sections} showAll />
      {/* The Change prices dialog (rate-cards.change-prices.tsx) renders here. */}
      <Outlet />
    </Stack>
  );
}
