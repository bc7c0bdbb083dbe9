/**
 * Withdraw a published legal version (decision 061; docs/product.md §2.14): the confirmation page
 * (`/merchant-agreements/{id}/withdraw`, reached from the list's Withdraw link) with the reason;
 * on success back to the list with a toast. A page rather than a script dialog, so it works the
 * same without JavaScript.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { withdrawLegalDocument, withdrawTarget } from "~/services/legal/withdraw.server";
import { WITHDRAW_MESSAGES, withdrawValidator } from "~/services/legal/withdraw-form";
import { Paper, Stack, Title } from "~/ui/layout";
import { WithdrawForm } from "~/ui/legal/WithdrawForm";

export const meta: MetaFunction = () => [{ title: "Withdraw version · Merchant Agreements · Shipping Console" }];

const idOf = (id: string | undefined) => (id && /^\d{1,9}$/.test(id) ? Number(id) : 0);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "legal.publish" });
  const found = await withdrawTarget(getDb(), idOf(params.id));
  if (!found.ok) throw new Response(found.message, { status: 404 });
  const { ok: _ok, ...view } = found;
  return view;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "legal.publish" });
  const read = await readForm(request, withdrawValidator);
  if (!read.ok) return read.response;
  const result = await withdrawLegalDocument(getDb(), staff, idOf(params.id), read.data);
  if (!result.ok) return failureAnswer(result, read.submitted);
  return redirectWithToast(request, "/merchant-agreements", { kind: "success", message: WITHDRAW_MESSAGES.withdrawn });
}

export default function WithdrawVersion() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>() ?? null;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        Withdraw a published version
      </Title>
      <Paper withBorder p="md">
        <WithdrawForm view={view} answer={answer} />
      </Paper>
    </Stack>
  );
}
