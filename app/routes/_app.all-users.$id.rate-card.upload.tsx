/**
 * The "Upload rate card" dialog over the client's rate card (docs/product.md §4 "Upload flow",
 * §5 "Upload", §6 "kam: no upload", §8 "red alerts in a 180 px area").
 *
 * Choose file → Verify (writes nothing; shows the errors, or a preview of every change) →
 * Submit (applies every row in one transaction). Both steps are plain multipart form posts
 * to this URL, so the flow works without JavaScript; the verified text travels back in a
 * hidden textarea, so Submit needs no second upload and the server never keeps a file
 * between requests. The service verifies the file again on Submit.
 */
import { Alert, Anchor, Button, Input } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useParams,
  useRouteError,
} from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast, type SignedInStaff } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { countOf } from "~/services/core/plural";
import { getDb } from "~/services/db/client.server";
import { kindByName } from "~/services/http/file-kinds";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { readMultipart, takeFile } from "~/services/http/upload.server";
import { applyUpload, MAX_UPLOAD_CHARS } from "~/services/ratecards/bulk.server";
import { CHOOSE_CSV_FILE as CHOOSE_FILE, uploadSubmitValidator } from "~/services/ratecards/bulk-forms";
import { UPLOAD_INSTRUCTIONS, type UploadError } from "~/services/ratecards/csv";
import { NO_AUTH_TOKEN_MESSAGE, rateCardPermissions } from "~/services/ratecards/permissions";
import { notAbleToUpdateRateCard } from "~/services/ratecards/row-form";
import { scheduledToast } from "~/services/ratecards/scheduled";
import { clientCardToken } from "~/services/ratecards/scope.server";
import { type Preview, uploadPreview } from "~/services/ratecards/upload-preview.server";
import { Group, Stack, Text } from "~/ui/layout";
import { UploadErrors, UploadPreview, UploadSubmitFields } from "~/ui/RateCardUploadParts";
import { UrlDialog } from "~/ui/UrlDialog";
import { useHydrated } from "~/ui/useHydrated";

const ONLY_CSV = "You can only upload csv file!";
const TOO_LARGE = `The file is too large: a rate card file may be at most ${MAX_UPLOAD_CHARS / 1_000_000} MB.`;

/** Guard, scope and permission, shared by the loader and both steps of the action. */
async function uploadContext(request: Request, params: LoaderFunctionArgs["params"]) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  if (!rateCardPermissions(staff.role).canUpload)
    throw new Response("You are not allowed to upload rate cards.", { status: 403 });
  if (!client.auth_token) throw new Response(NO_AUTH_TOKEN_MESSAGE, { status: 409 });
  return { staff, db, client, search: new URL(request.url).search };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client, search } = await uploadContext(request, params);
  return { clientId: client.id, search, instructions: UPLOAD_INSTRUCTIONS };
}

// ---------------------------------------------------------------------------------------
// Action
// ---------------------------------------------------------------------------------------

/** docs/product.md §5: one CSV file (its name, declared type and bytes are checked by the upload module). */
const CSV_FILE = {
  kinds: ["csv"],
  messages: { missing: CHOOSE_FILE, tooMany: "Choose one CSV file only.", wrongKind: ONLY_CSV },
} as const;
const isCsvFileName = (name: string, type: string) => kindByName(name, type, CSV_FILE.kinds) === "csv";

/** Verify's answer, or Submit's when only its "Effective from" was refused (the preview again, with the message). */
type Answer = { preview: Preview; effectiveFromError?: string };

/** A refused step (docs/forms.md §3): one message, and the rows of the file at fault when it failed verification. */
type Refused = FormFailure<{ errors?: UploadError[] }>;

/**
 * The card's rows as they are now (ids and versions, clientCardToken). Verify hands it to the
 * form; Submit is refused when the card changed in between, so an edit made by someone else
 * after the preview is not silently overwritten by the file's older values.
 */
const cardToken = clientCardToken;

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff, db, client, search } = await uploadContext(request, params);

  // The file (Verify) or the verified text travelling back (Submit): either is one part of at most the limit.
  const read = await readMultipart(request, {
    maxFileBytes: MAX_UPLOAD_CHARS,
    messages: { tooLarge: TOO_LARGE, notMultipart: CHOOSE_FILE },
  });
  if (!read.ok) return failureAnswer(read);
  const form = read.form;
  const intent = form.get("intent");
  if (intent === "verify") return verifyStep(staff, db, client.id, form);
  if (intent === "submit") return submitStep(request, staff, db, client.id, form, search);
  throw new Response("Unknown action.", { status: 400 });
}

async function verifyStep(staff: SignedInStaff, db: ReturnType<typeof getDb>, clientId: number, form: FormData) {
  const taken = await takeFile(form, "order_data", CSV_FILE);
  if (!taken.ok) return failureAnswer(taken);
  const { file } = taken;
  const verified = await uploadPreview(db, staff, {
    clientId,
    fileName: file.name,
    csvText: file.text ?? "",
    token: cardToken(db, clientId),
  });
  if (!verified.ok) return failureAnswer(verified);
  return data<{ preview: Preview }>({ preview: verified.preview });
}

async function submitStep(
  request: Request,
  staff: SignedInStaff,
  db: ReturnType<typeof getDb>,
  clientId: number,
  form: FormData,
  search: string,
) {
  const read = await readForm(form, uploadSubmitValidator);
  if (!read.ok) {
    // Only "Effective from" refused (a time that has passed): the verified file is not lost. Its
    // preview shows again, with the card token Verify gave (a change since is still refused on
    // Submit), and the message at the field.
    const when = read.fieldErrors.effective_from;
    const { csvText, cardToken: token, fileName } = read.submitted;
    if (
      when &&
      Object.keys(read.fieldErrors).length === 1 &&
      typeof csvText === "string" &&
      typeof token === "string"
    ) {
      const again = await uploadPreview(db, staff, { clientId, fileName: String(fileName ?? ""), csvText, token });
      if (again.ok) return data<Answer>({ preview: again.preview, effectiveFromError: when }, { status: 400 });
    }
    return read.response;
  }
  const { effective_from: effectiveAt, ...upload } = read.data;
  const result = await applyUpload(db, staff, { clientId, ...upload, effectiveAt });
  // The verified text is not echoed back: the dialog starts again from choosing a file.
  if (!result.ok) return failureAnswer(notAbleToUpdateRateCard(result));
  return redirectWithToast(request, `/all-users/${clientId}/rate-card${search}`, {
    kind: "success",
    message: result.scheduled ? scheduledToast(result.scheduled.effectiveAt) : "Uploaded Successfully!",
  });
}

export default function UploadRateCard() {
  const { clientId, search, instructions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | Refused | undefined;
  const result = answer && "preview" in answer ? answer.preview : null;
  const refused = answer && !("preview" in answer) ? answer : null;
  // Submit's checks answer by field (the text, the card token); the dialog shows the first.
  const refusal = refused ? (refused.message ?? Object.values(refused.fieldErrors ?? {})[0]) : null;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // What the person chose (JS only): "none" keeps Verify disabled, "other" shows the spec's message at once.
  const [chosen, setChosen] = useState<"none" | "csv" | "other">("none");
  const base = `/all-users/${clientId}/rate-card`;
  const here = `${base}/upload${search}`;
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  const readChoice = () => {
    const file = fileInput.current?.files?.[0];
    setChosen(!file ? "none" : isCsvFileName(file.name, file.type) ? "csv" : "other");
  };
  // A file chosen before the page hydrated still counts.
  useEffect(readChoice, []);
  const ownRefusal = hydrated && chosen === "other";
  const rowErrors = !ownRefusal && refused?.errors?.length ? refused.errors : null;
  const message = ownRefusal ? ONLY_CSV : rowErrors ? null : refusal;

  return (
    <UrlDialog title="Upload rate card" closeTo={`${base}${search}`}>
      {result ? (
        <Stack gap="sm">
          <Text size="sm">
            <b>{result.fileName}</b> passed verification: {countOf(result.rowCount, "row", "rows")},{" "}
            {countOf(result.totalChanges, "change", "changes")}. Old values are struck through. Submit applies every row
            at once.
          </Text>
          {result.totalChanges > result.changes.length ? (
            <Text size="xs" c="dimmed">
              Showing the first {result.changes.length} changes.
            </Text>
          ) : null}
          <UploadPreview result={result} />
          <Form method="post" encType="multipart/form-data" action={here} preventScrollReset>
            <UploadSubmitFields
              result={result}
              effectiveFromError={answer && "preview" in answer ? answer.effectiveFromError : null}
            />
            <Group justify="flex-end" mt="sm">
              <Button component={Link} to={here} variant="default" preventScrollReset>
                Cancel
              </Button>
              <Button type="submit" loading={submittingIntent === "submit"}>
                Submit
              </Button>
            </Group>
          </Form>
        </Stack>
      ) : (
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              Instructions
            </Text>
            <ul className="instruction-list">
              {instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <Text size="sm" mt={4}>
              Start from the{" "}
              <Anchor href={`${base}/download.csv`} size="sm">
                current rate card as CSV
              </Anchor>
              , change only the prices, and upload it here.
            </Text>
          </div>

          {/* One problem, one alert (decision 070): the file now chosen's, else the answer's; rows under their summary. */}
          {message ? (
            <Alert color="red" variant="light" role="alert" data-testid="upload-message">
              {message}
            </Alert>
          ) : null}
          {rowErrors ? <UploadErrors summary={refusal} errors={rowErrors} /> : null}

          <Form method="post" encType="multipart/form-data" action={here} preventScrollReset>
            <input type="hidden" name="intent" value="verify" />
            <Stack gap="sm">
              <Input.Wrapper label="Rate card file (CSV)" id={inputId}>
                <input
                  ref={fileInput}
                  id={inputId}
                  type="file"
                  name="order_data"
                  accept=".csv,.txt,text/csv,text/plain"
                  onChange={readChoice}
                  style={{ display: "block", marginTop: 4, fontSize: "var(--mantine-font-size-sm)" }}
                />
              </Input.Wrapper>
              <Group justify="flex-end">
                <Button component={Link} to={`${base}${search}`} variant="default" preventScrollReset>
                  Close
                </Button>
                {/* Without JavaScript the button stays enabled and the server says what is missing. */}
                <Button type="submit" disabled={hydrated && chosen !== "csv"} loading={submittingIntent === "verify"}>
                  Verify
                </Button>
              </Group>
            </Stack>
          </Form>
        </Stack>
      )}
    </UrlDialog>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { id } = useParams();
  const { search } = useLocation();
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : error.statusText || `Error ${error.status}`
    : "Something went wrong; nothing was changed.";
  return (
    <UrlDialog title="Upload rate card" closeTo={`/all-users/${id}/rate-card${search}`}>
      <Alert color="red" variant="light" role="alert" data-testid="upload-message">
        {message}
      </Alert>
    </UrlDialog>
  );
}
