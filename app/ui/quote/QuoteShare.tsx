/**
 * A quote the merchant can receive (decision 073): the Rate Calculator's "Download quote (PDF)"
 * and "E-mail quote" forms, and a saved quote's own view. Plain forms: both work without
 * JavaScript (the download is a native post answered by a redirect to the PDF).
 */
import "../small-table.css";

import { Alert } from "@mantine/core";
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";

import type { FormFailure } from "~/services/http/form-errors.server";
import type { CalculatorField } from "~/services/quote/calculator-form";
import type { SavedQuoteView } from "~/services/quote/saved-quote";
import { QUOTE_NOTE_MAX } from "~/services/quote/saved-quote-form";
import { type FieldAnswer, postedValue } from "~/ui/account/parts";
import { PlainButton, TextAreaField } from "~/ui/fields";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";

import type { SentQuote } from "./quote-rows";

type Answer = (FieldAnswer & { message?: string; formId?: string }) | null | undefined;

/** The refusal of a quote form: its one message, or the first field error that has no field on the page. */
function Refusal({ answer }: { answer: Answer }) {
  const errors = answer?.fieldErrors ?? {};
  const shown = answer?.message ?? Object.entries(errors).find(([field]) => field !== "note")?.[1];
  return shown ? (
    <Alert color="red" role="alert" data-testid="quote-share-error">
      {shown}
    </Alert>
  ) : null;
}

/** The note field of an e-mail form. */
function NoteField({ answer }: { answer: Answer }) {
  return (
    <TextAreaField
      id="quote-note"
      name="note"
      label="Note to the merchant (optional)"
      description={`Written above the quote in the e-mail; at most ${QUOTE_NOTE_MAX} characters.`}
      maxLength={QUOTE_NOTE_MAX}
      defaultValue={postedValue(answer, "note") ?? ""}
      error={answer?.fieldErrors?.note}
    />
  );
}

/**
 * Under the Rate Calculator's result, when a courier is quoted: download the quote as a PDF, or
 * e-mail it to the client. Both post to the calculator's own URL with its query, so a refusal
 * shows the same quote again.
 */
export function QuoteShareForms({
  quote,
  values,
  email,
}: {
  quote: SentQuote | null;
  values: Record<CalculatorField, string>;
  email: string;
}) {
  const answer = useActionData<FormFailure>();
  const location = useLocation();
  const navigation = useNavigation();
  if (!quote || quote.couriers === 0) return null;
  const action = `${location.pathname}${location.search}`;
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "email";
  const hidden = <input type="hidden" name="quote" value={new URLSearchParams(values).toString()} />;
  return (
    <Paper withBorder p="md" mt="md" data-testid="quote-share">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Send this quote
        </Title>
        <Text size="sm" c="dimmed">
          The quote is kept as it is now, with a link staff can share; it does not change when the rates do.
        </Text>
        <Refusal answer={answer} />
        {/* A native post: the answer is a redirect to the PDF, which the browser downloads. */}
        <Form method="post" action={action} reloadDocument>
          {hidden}
          <input type="hidden" name="intent" value="download" />
          <PlainButton type="submit" variant="default">
            Download quote (PDF)
          </PlainButton>
        </Form>
        <Form method="post" action={action}>
          {hidden}
          <input type="hidden" name="intent" value="email" />
          <Stack gap="xs">
            <NoteField answer={answer} />
            <EmailLine email={email} sending={sending} />
          </Stack>
        </Form>
      </Stack>
    </Paper>
  );
}

/** Where the quote goes, and the button that sends it. */
function EmailLine({ email, sending }: { email: string; sending: boolean }) {
  return (
    <Group justify="space-between" align="center">
      <Text size="sm">
        To <span data-testid="quote-email-to">{email}</span>, with the PDF attached.
      </Text>
      <PlainButton type="submit" loading={sending}>
        E-mail quote
      </PlainButton>
    </Group>
  );
}

/** A saved quote's page: its e-mail form (the note only: the quote is the page's). */
export function SavedQuoteEmailForm({ email, answer }: { email: string; answer: Answer }) {
  const sending = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <Stack gap="xs">
        <Refusal answer={answer} />
        <NoteField answer={answer} />
        <EmailLine email={email} sending={sending} />
      </Stack>
    </Form>
  );
}

/** The quote as kept: the shipment, the weight working and every courier's price and EDD. */
export function SavedQuoteDetails({ view }: { view: SavedQuoteView }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={3} size="h5">
          Shipment
        </Title>
        <table className="small-table small-table-bordered" aria-label="Shipment" data-testid="quote-shipment">
          <tbody>
            {view.shipment.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Billing zone</th>
              <td>{view.zone}</td>
            </tr>
            <tr>
              <th scope="row">Rule type</th>
              <td>{view.rule}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div>
        <Title order={3} size="h5">
          Chargeable weight
        </Title>
        <Text size="sm" data-testid="quote-weight">
          {view.weight.sentence}
        </Text>
      </div>
      <div className="table-scroll">
        <table className="small-table small-table-bordered small-table-striped" aria-label="Courier rates">
          <thead>
            <tr>
              <th scope="col">Courier</th>
              <th scope="col">Mode</th>
              <th scope="col">EDD</th>
              <th scope="col">Delivered charges</th>
              <th scope="col">Returned charges</th>
            </tr>
          </thead>
          <tbody>
            {view.couriers.map((c) => (
              <tr key={c.courier_id} data-testid="saved-quote-row">
                <td>
                  <span data-testid="quote-courier">{c.courier}</span>
                  {c.badges ? <Text size="xs">{c.badges}</Text> : null}
                  {c.ownWeight ? (
                    <Text size="xs" c="dimmed">
                      Charged {c.ownWeight}
                    </Text>
                  ) : null}
                </td>
                <td>{c.mode}</td>
                <td>{c.edd}</td>
                <td data-testid="delivered">{c.delivered}</td>
                <td>{c.returned}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Stack>
  );
}
