/**
 * The preview step of Add New Document (decision 063): what publishing will do, in words — the
 * version it replaces for whom, how many sellers have not accepted that version, when it comes
 * into force, from when orders are refused — with the same fields and the kept PDF carried in
 * hidden inputs to Back (the form again) or Publish.
 */
import { Button } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";

import { DOCUMENT_FIELDS } from "~/services/legal/forms";
import { fileSize, type KeptPdf, previewSentences, type PublishPreview } from "~/services/legal/preview";
import { type FieldAnswer, postedValue } from "~/ui/account/parts";
import { Group, Stack, Text, Title } from "~/ui/layout";

export function PublishPreviewStep({
  action,
  closeTo,
  preview,
  kept,
  answer,
}: {
  action: string;
  closeTo: string;
  preview: PublishPreview;
  kept: KeptPdf;
  answer: FieldAnswer;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "publish";
  return (
    <Form method="post" encType="multipart/form-data" action={action} preventScrollReset aria-label="Publish preview">
      {DOCUMENT_FIELDS.map((name) => (
        <input key={name} type="hidden" name={name} value={postedValue(answer, name) ?? ""} />
      ))}
      <input type="hidden" name="pending_file" value={kept.id} />
      <Stack gap="sm">
        <Title order={3} size="h4">
          Check before publishing
        </Title>
        <div
          className="legal-preview"
          data-mandatory={preview.order_blocking === "mandatory"}
          data-testid="publish-preview"
        >
          {previewSentences(preview).map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
        <Text size="sm">
          PDF: <b>{kept.fileName}</b> ({fileSize(kept.size)})
        </Text>
        <Text size="sm" className="wrap-anywhere">
          Description: {postedValue(answer, "description")}
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button component={Link} to={closeTo} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" name="intent" value="edit" variant="default">
            Back
          </Button>
          <Button type="submit" name="intent" value="publish" loading={busy}>
            Publish
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
