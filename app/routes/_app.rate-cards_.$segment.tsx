/**
 * `/rate-cards/{segment}`: a known segment's card is `/rate-cards?segment=…`; an unknown one is
 * the app's own 404 page, in the frame (decision 070). The segment downloads
 * (`/rate-cards/{segment}/download.csv|.pdf`) send an unknown segment here, so a bad download
 * link is never a bare plain-text answer.
 */
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

import { requireStaff } from "~/services/auth/guard.server";
import { isSegment, SEGMENTS } from "~/services/core/rate-fields";
import { SEGMENT_NAMES } from "~/services/ratecards/fields";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "ratecard.view" });
  const segment = Number(params.segment);
  if (params.segment && /^\d+$/.test(params.segment) && isSegment(segment))
    throw redirect(`/rate-cards?segment=${segment}`);
  const names = SEGMENTS.map((s) => `${SEGMENT_NAMES[s]} (${s})`).join(", ");
  throw new Response(`There is no segment rate card "${params.segment ?? ""}". The segments are ${names}.`, {
    status: 404,
  });
}

export default function UnknownSegment() {
  return null;
}
