/**
 * The Withdraw confirmation (decision 061): what is withdrawn, which version is in force after,
 * and the reason, required and bounded. A plain form on a page of its own, so the confirmation
 * works without JavaScript; a refusal shows the page again with the reason typed.
 */
import "./legal-list.css";

import { Alert, Button, Textarea } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";

import { dmy } from "~/services/core/ist-dates";
import { DOC_NAME_LABELS } from "~/services/legal/forms";
import type { WithdrawView } from "~/services/legal/withdraw.server";
import { MAX_WITHDRAW_REASON } from "~/services/legal/withdraw-form";
import { type FieldAnswer, postedValue } from "~/ui/account/parts";
import { READABLE_ERRORS } from "~/ui/form-fields";
import { Group, Stack, Text } from "~/ui/layout";

import { istDateTime } from "./DocumentList";

const audienceLabel = (doc: WithdrawView["doc"]) =>
  doc.doc_type === "specific" ? `the seller ${doc.email}` : `Segment ${doc.segment}`;

export function WithdrawForm({ view, answer }: { view: WithdrawView; answer: FieldAnswer | null }) {
  const navigation = useNavigation();
  const { doc, in_force_now, in_force_after } = view;
  const name = `${DOC_NAME_LABELS[doc.doc_name]} v${doc.version}`;
  if (doc.withdrawn_at)
    return (
      <Stack gap="sm">
        <Alert color="gray" data-testid="already-withdrawn">
          {name} was withdrawn on {istDateTime(doc.withdrawn_at)} by {doc.withdrawn_by}: {doc.withdrawn_reason}
        </Alert>
        <Group>
          <Button component={Link} to="/merchant-agreements" variant="default">
            Back to Merchant Agreements
          </Button>
        </Group>
      </Stack>
    );
  const effect =
    in_force_now !== doc.version
      ? `${name} is not the version in force for ${audienceLabel(doc)}; withdrawing it keeps ${in_force_now ? `v${in_force_now}` : "no version"} in force and it will never come into force.`
      : in_force_after
        ? `From the moment you withdraw it, v${in_force_after.version} (published ${dmy(in_force_after.publish_at)}) is in force again for ${audienceLabel(doc)}, and orders blocked only by ${name} are accepted at once.`
        : `No earlier version is left for ${audienceLabel(doc)}: after withdrawing it, no ${DOC_NAME_LABELS[doc.doc_name]} is in force for them.`;
  return (
    <Form method="post" aria-label={`Withdraw ${name}`}>
      <Stack gap="sm">
        {answer?.message ? (
          <Alert color="red" role="alert" data-testid="form-error">
            {answer.message}
          </Alert>
        ) : null}
        <Text size="sm" className="legal-wrap-wide">
          <b>{name}</b> for {audienceLabel(doc)}, published {dmy(doc.publish_at)}: {doc.description}
        </Text>
        <Text size="sm" data-testid="withdraw-effect">
          {effect}
        </Text>
        <Textarea
          id="reason"
          name="reason"
          label="Reason for withdrawing"
          description={`Kept with the version and in the audit log; at most ${MAX_WITHDRAW_REASON} characters.`}
          withAsterisk
          required
          maxLength={MAX_WITHDRAW_REASON}
          autosize
          minRows={3}
          defaultValue={postedValue(answer, "reason") ?? ""}
          error={answer?.fieldErrors?.reason}
          styles={READABLE_ERRORS}
        />
        <Group justify="flex-end">
          <Button component={Link} to="/merchant-agreements" variant="default">
            Cancel
          </Button>
          <Button type="submit" color="red" loading={navigation.state === "submitting"}>
            Withdraw {name}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
