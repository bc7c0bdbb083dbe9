/**
 * Legal's Account Setup (docs/product.md §2 "Account setup", §7 disabled-users and update-access;
 * decision 028): 'Pickrr Configuration' sets or clears a seller's Disable Agreement flag
 * (`pickrr_config.disable_legal`) by e-mail, and 'Blocked Users' lists the sellers that have it.
 * Both panels collapse; which are open is `?open=` in the URL (none given: both).
 */
import { Alert, Button } from "@mantine/core";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { blockedUsers, setLegalAccess } from "~/services/legal/access.server";
import { LEGAL_MESSAGES, legalAccessValidator } from "~/services/legal/forms";
import { Field, Section } from "~/ui/account/parts";
import { Group, Stack, Text, Title } from "~/ui/layout";
import { ScrollTable } from "~/ui/ScrollTable";

export const meta: MetaFunction = () => [{ title: "Account Setup · Shipping Console" }];

const PANELS = ["config", "blocked"] as const;
type Panel = (typeof PANELS)[number];

function openPanels(params: URLSearchParams): Panel[] {
  const raw = params.get("open");
  if (raw === null) return [...PANELS];
  return PANELS.filter((p) => raw.split(",").includes(p));
}
const hrefFor = (open: Panel[]) => `/account-setup?open=${open.join(",")}`;
const toggle = (open: Panel[], p: Panel) =>
  hrefFor(open.includes(p) ? open.filter((o) => o !== p) : PANELS.filter((o) => o === p || open.includes(o)));

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { permission: "legal.view" });
  const open = openPanels(searchParamsOf(request));
  return {
    open,
    blocked: open.includes("blocked") ? await blockedUsers(getDb()) : [],
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "legal.block" });
  const read = await readForm(request, legalAccessValidator);
  if (!read.ok) return read.response;
  const result = await setLegalAccess(getDb(), staff, read.data);
  if (!result.ok) return failureAnswer(result, read.submitted);
  const back = new URL(request.url);
  return redirectWithToast(request, `/account-setup${back.search}`, {
    kind: "success",
    message: LEGAL_MESSAGES.updated,
  });
}

export default function LegalAccountSetup() {
  const { open, blocked } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>() ?? null;
  const navigation = useNavigation();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Account Setup
        </Title>
        <Text c="dimmed" size="sm">
          Sellers with Disable Agreement set are Blocked Users: legal documents never block their orders.
        </Text>
      </div>
      <Section
        id="config"
        title="Pickrr Configuration"
        open={open.includes("config")}
        toggleHref={toggle(open, "config")}
      >
        <Form method="post" noValidate preventScrollReset aria-label="Pickrr Configuration">
          <Stack gap="sm" maw={480} key={JSON.stringify(answer?.repopulateFields ?? {})}>
            {answer?.message ? (
              <Alert color="red" role="alert">
                {answer.message}
              </Alert>
            ) : null}
            <Field name="email" type="email" label="Seller E-mail" answer={answer} required maxLength={254} />
            <label className="account-flag">
              <input
                type="checkbox"
                name="disable_legal"
                defaultChecked={answer?.repopulateFields?.disable_legal === "on"}
              />{" "}
              Disable Agreement
            </label>
            <Group>
              <Button
                type="submit"
                loading={navigation.state === "submitting" && navigation.formData?.get("intent") !== "unblock"}
              >
                Submit
              </Button>
            </Group>
          </Stack>
        </Form>
      </Section>
      <Section id="blocked" title="Blocked Users" open={open.includes("blocked")} toggleHref={toggle(open, "blocked")}>
        <ScrollTable
          label="Blocked Users"
          headers={[
            "Name",
            "Email",
            <span key="a" className="visually-hidden">
              Actions
            </span>,
          ]}
          empty="No blocked users."
          rows={blocked.map((u) => (
            <tr key={u.id} data-testid="blocked-row">
              <td>{u.name}</td>
              <td className="wrap-anywhere">{u.email}</td>
              <td>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="email" value={u.email} />
                  <Button type="submit" size="xs" variant="default">
                    Unblock<span className="visually-hidden"> {u.name}</span>
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        />
      </Section>
    </Stack>
  );
}
