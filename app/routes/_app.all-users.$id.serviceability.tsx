import { Button, TextInput } from "@mantine/core";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { type FormEvent, useState } from "react";

import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { isPincodeListQuery, PINCODE_CHECK_MESSAGE, readPincodeCheck } from "~/services/quote/calculator-form";
import { checkPincodeServiceability } from "~/services/quote/quote.server";
import { READABLE_ERRORS } from "~/ui/form-fields";
import { Group, Paper, Stack, Text } from "~/ui/layout";
import { PincodeResultPanel } from "~/ui/quote/PincodeResult";
import { UrlDialog } from "~/ui/UrlDialog";

/**
 * The Serviceability tab (docs/product.md §2 "Pincode check"): from/to pincodes in the URL, the
 * pincode result, and the 'Download Pincode List' dialog (`?download=1`).
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "serviceability.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const search = new URL(request.url).searchParams;
  const values = { from_pincode: search.get("from_pincode") ?? "", to_pincode: search.get("to_pincode") ?? "" };
  const download = search.get("download") === "1";
  const source = search.get("source_pincode");
  const downloadError =
    source !== null && !isPincodeListQuery({ source_pincode: source }) ? PINCODE_CHECK_MESSAGE : null;
  const dialog = download
    ? {
        source: source ?? values.from_pincode,
        error: search.get("error") === "unknown" ? PINCODE_CHECK_MESSAGE : downloadError,
      }
    : null;
  const base = { clientId: client.id, values, dialog, errors: {} as Record<string, string>, result: null };
  if (!search.has("from_pincode") && !search.has("to_pincode")) return base;
  const parsed = readPincodeCheck(values);
  if (!parsed.ok) return { ...base, errors: parsed.fieldErrors };
  const checked = await checkPincodeServiceability(db, client.id, parsed.data.from_pincode, parsed.data.to_pincode);
  if (!checked.ok) return { ...base, errors: checked.fieldErrors };
  return { ...base, result: checked.result };
}

export default function Serviceability() {
  const { clientId, values, dialog, errors: serverErrors, result } = useLoaderData<typeof loader>();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const navigate = useNavigate();
  const errors = clientErrors ?? serverErrors;
  const base = `/all-users/${clientId}/serviceability`;
  const here = `${base}${values.from_pincode || values.to_pincode ? `?from_pincode=${encodeURIComponent(values.from_pincode)}&to_pincode=${encodeURIComponent(values.to_pincode)}` : ""}`;
  const withDownload = `${here}${here.includes("?") ? "&" : "?"}download=1`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = readPincodeCheck(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.ok) {
      event.preventDefault();
      setClientErrors(parsed.fieldErrors);
    } else setClientErrors(null);
  }

  // With JavaScript the download starts from a link with `download` (no page navigation to
  // race with) and the dialog closes; without it the form's GET downloads the file.
  function onDownload(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const ok = isPincodeListQuery(Object.fromEntries(new FormData(form)));
    event.preventDefault();
    setDownloadError(ok ? null : PINCODE_CHECK_MESSAGE);
    if (!ok) return;
    const link = document.createElement("a");
    link.href = `${form.action}?${new URLSearchParams(new FormData(form) as unknown as Record<string, string>)}`;
    link.download = "";
    document.body.append(link);
    link.click();
    link.remove();
    navigate(here, { preventScrollReset: true });
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Form method="get" noValidate onSubmit={onSubmit} aria-label="Pincode check">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              id="from_pincode"
              name="from_pincode"
              label="From Pincode"
              inputMode="numeric"
              defaultValue={values.from_pincode}
              error={errors.from_pincode}
              styles={READABLE_ERRORS}
              withAsterisk
            />
            <TextInput
              id="to_pincode"
              name="to_pincode"
              label="To Pincode"
              inputMode="numeric"
              defaultValue={values.to_pincode}
              error={errors.to_pincode}
              styles={READABLE_ERRORS}
              withAsterisk
            />
            <Button type="submit">Check</Button>
            <Button component={Link} to={withDownload} variant="default" preventScrollReset>
              Download Pincode List
            </Button>
          </Group>
        </Form>
      </Paper>

      {result ? <PincodeResultPanel result={result} base={base} /> : null}

      {dialog ? (
        <UrlDialog title="Download Pincode List" closeTo={here}>
          <form method="get" action={`${base}/pincodes.csv`} noValidate onSubmit={onDownload}>
            <Stack gap="sm">
              <Text size="sm">
                Every destination pincode this client can ship to from a source pincode, with the modes available, as
                CSV.
              </Text>
              <TextInput
                id="source_pincode"
                name="source_pincode"
                label="Source Pincode"
                inputMode="numeric"
                defaultValue={dialog.source}
                error={downloadError ?? dialog.error}
                styles={READABLE_ERRORS}
                withAsterisk
              />
              <Group justify="flex-end">
                <Button component={Link} to={here} variant="default">
                  Cancel
                </Button>
                <Button type="submit">Download</Button>
              </Group>
            </Stack>
          </form>
        </UrlDialog>
      ) : null}
    </Stack>
  );
}
