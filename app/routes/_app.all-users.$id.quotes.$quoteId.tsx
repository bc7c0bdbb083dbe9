import { Anchor, Badge } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { quoteIdOf, savedQuoteView } from "~/services/quote/saved-quote";
import { emailSavedQuote, quoteStillValid, savedQuoteForViewer } from "~/services/quote/saved-quote.server";
import { quoteNoteValidator } from "~/services/quote/saved-quote-form";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { SavedQuoteDetails, SavedQuoteEmailForm } from "~/ui/quote/QuoteShare";

/**
 * A saved quote's stable address (decision 073): the quote as it was made, its PDF, and its
 * e-mail to the merchant. Staff who may not see the client, or a quote of another client, get
 * 404, as every /all-users/{id} page answers.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.view.reference ?? "Quote"} · Shipping Console` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "quote.calculate" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const found = await savedQuoteForViewer(db, staff, client.id, quoteIdOf(params.quoteId));
  if (!found.ok) throw new Response(found.message, { status: 404 });
  const { quote } = found;
  return {
    clientId: client.id,
    clientEmail: client.email,
    quoteId: quote.id,
    view: savedQuoteView(quote.id, quote.document),
    valid: quoteStillValid(quote),
    createdBy: quote.createdByEmail,
    recalculate: `/all-users/${client.id}/rate-calculator?${new URLSearchParams(quote.input)}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "quote.calculate" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const read = await readForm(request, quoteNoteValidator);
  if (!read.ok) return read.response;
  const sent = await emailSavedQuote(db, staff, client.id, quoteIdOf(params.quoteId), read.data.note);
  if (!sent.ok) return failureAnswer(sent, read.submitted);
  return redirectWithToast(
    request,
    `/all-users/${client.id}/quotes/${sent.quoteId}`,
    { kind: "success", message: `Quote ${sent.reference} e-mailed to ${sent.to}.` },
    { status: 303 },
  );
}

export default function SavedQuotePage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>();
  const { view } = data;
  const pdf = `/all-users/${data.clientId}/quotes/${data.quoteId}.pdf`;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h3" data-testid="quote-reference">
                Quote {view.reference}
              </Title>
              <Text size="sm" data-testid="quote-validity">
                {view.validity}
              </Text>
              <Text size="sm" c="dimmed" data-testid="quote-version">
                {view.rateCardVersion} · made by {data.createdBy} on {view.quotedOn}
              </Text>
            </div>
            {data.valid ? (
              <Badge color="#1b5e20" variant="filled">
                Valid until {view.validUntil}
              </Badge>
            ) : (
              <Badge color="#8a1c1c" variant="filled" data-testid="quote-expired">
                Expired on {view.validUntil}
              </Badge>
            )}
          </Group>
          <Group gap="md">
            {/* A plain link: the PDF downloads with or without JavaScript. */}
            <Anchor href={pdf} download data-testid="quote-pdf-link">
              Download quote (PDF)
            </Anchor>
            <Anchor component={Link} to={data.recalculate}>
              Quote again at today's rates
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <SavedQuoteDetails view={view} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          E-mail this quote
        </Title>
        <SavedQuoteEmailForm email={data.clientEmail} answer={answer} />
      </Paper>
    </Stack>
  );
}
