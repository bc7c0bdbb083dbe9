/**
 * Add New Document as a URL dialog in two steps (decision 063): the form, then the preview of
 * what publishing will do, in words, with Back and Publish. Both steps are plain posts, so the
 * flow works without JavaScript; the chosen PDF is kept on the server between them.
 */
import type { KeptPdf, PublishPreview } from "~/services/legal/preview";
import type { FieldAnswer } from "~/ui/account/parts";
import { UrlDialog } from "~/ui/UrlDialog";

import { AddDocumentForm } from "./AddDocumentForm";
import { PublishPreviewStep } from "./PublishPreviewStep";

/** The action's answer: a refusal (docs/forms.md §3), the form again (Back), or the preview; each with the kept PDF. */
export type PublishAnswer = FieldAnswer & { kept?: KeptPdf | null; preview?: PublishPreview };

export function PublishDialog({
  action,
  closeTo,
  answer,
  today,
}: {
  action: string;
  closeTo: string;
  answer: PublishAnswer | null;
  today: string;
}) {
  return (
    <UrlDialog title="Add New Document" closeTo={closeTo}>
      {answer?.preview && answer.kept ? (
        <PublishPreviewStep
          action={action}
          closeTo={closeTo}
          preview={answer.preview}
          kept={answer.kept}
          answer={answer}
        />
      ) : (
        <AddDocumentForm action={action} closeTo={closeTo} answer={answer} kept={answer?.kept ?? null} today={today} />
      )}
    </UrlDialog>
  );
}
