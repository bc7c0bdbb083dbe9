/** Pickrr Configuration (docs/product.md §3 pickrr_config, §5, §6) and the client's API token (Reveal, Rotate with a confirmation). */
import "@mantine/core/styles/Code.css";

import { Alert, Button, Code } from "@mantine/core";
import { Form, Link } from "@remix-run/react";

import { CONFIG_FLAG_NAMES, CONFIG_FLAGS, CREDIT_PERIOD_BLOCKED_KEYS, LEGAL_FLAG_NOTE } from "~/services/account/forms";
import type { AccountAnswer } from "~/services/account/page.server";
import type { PickrrConfig } from "~/services/db/schema/clients";
import { Group, Stack, Text } from "~/ui/layout";

import { Field, SectionAlert } from "./parts";

type Config = { values: PickrrConfig; version: number };

export function ConfigSection({
  action,
  config,
  answer,
  canEdit,
  canWalletFlag,
  canLegalFlag,
}: {
  action: string;
  config: Config;
  answer: AccountAnswer | null;
  canEdit: boolean;
  canWalletFlag: boolean;
  canLegalFlag: boolean;
}) {
  const v = config.values;
  // After a refused post the boxes as they were ticked (a refusal that shows what is stored refills nothing).
  const posted =
    answer?.repopulateFields && Object.keys(answer.repopulateFields).length > 0 ? answer.repopulateFields : null;
  const checked = (flag: (typeof CONFIG_FLAG_NAMES)[number]) =>
    posted ? posted[flag] === "on" || posted[flag] === "true" : Boolean(v[flag]);
  return (
    <Form method="post" action={action} preventScrollReset data-testid="config-form">
      <input type="hidden" name="intent" value="config" />
      <input type="hidden" name="version" value={config.version} />
      <Stack gap="sm">
        <SectionAlert answer={answer} />
        <fieldset className="account-flags" disabled={!canEdit}>
          <legend>Flags</legend>
          {CONFIG_FLAG_NAMES.map((flag) => {
            const note = lockNote(flag, canWalletFlag, canLegalFlag);
            return (
              <label key={flag} className="account-flag">
                <input
                  type="checkbox"
                  name={flag}
                  defaultChecked={checked(flag)}
                  disabled={note !== null}
                  aria-describedby={note ? `flag-${flag}-note` : undefined}
                  data-testid={`flag-${flag}`}
                />{" "}
                {CONFIG_FLAGS[flag]}
                {note ? (
                  <>
                    {/* The stored value goes back unchanged; the server refuses any change (the one permission table). */}
                    {v[flag] ? <input type="hidden" name={flag} value="on" /> : null}{" "}
                    <span className="account-note" id={`flag-${flag}-note`} data-testid={`flag-${flag}-note`}>
                      ({note})
                    </span>
                  </>
                ) : null}
              </label>
            );
          })}
        </fieldset>
        <Group grow align="start">
          <Field
            name="credit_period"
            label="Credit Period (days)"
            value={v.credit_period}
            answer={answer}
            readOnly={!canEdit}
            maxLength={4}
            inputMode="numeric"
            onKeyDown={(e) => {
              if ((CREDIT_PERIOD_BLOCKED_KEYS as readonly string[]).includes(e.key)) e.preventDefault();
            }}
          />
          <Field
            name="otp"
            label="Label Table Length"
            value={v.otp}
            answer={answer}
            readOnly={!canEdit}
            maxLength={3}
            inputMode="numeric"
          />
        </Group>
        <Group grow align="start">
          <Field
            name="tracking_code"
            label="Tracking Code"
            value={v.tracking_code}
            answer={answer}
            readOnly={!canEdit}
            maxLength={50}
          />
          <Field
            name="support_phone_number"
            label="Support Phone Number"
            value={v.support_phone_number}
            answer={answer}
            readOnly={!canEdit}
            maxLength={15}
          />
        </Group>
        {canEdit ? (
          <Group>
            <Button type="submit">Save Configuration</Button>
          </Group>
        ) : null}
      </Stack>
    </Form>
  );
}

/** Why a flag is read-only for this person, or null when they may change it. */
function lockNote(flag: (typeof CONFIG_FLAG_NAMES)[number], canWalletFlag: boolean, canLegalFlag: boolean) {
  if (flag === "has_wallet" && !canWalletFlag) return "only an AVP or VP may change this";
  // Blocked Users is legal's (decision 068): the same flag, changed only on legal's Account Setup.
  if (flag === "disable_legal" && !canLegalFlag) return LEGAL_FLAG_NOTE;
  return null;
}

/** The client's auth_token, masked; vp and kam may reveal it or rotate it (the old one stops working at once). */
export function TokenPanel({
  action,
  masked,
  answer,
  canManage,
  confirmRotate,
  confirmHref,
  cancelHref,
}: {
  action: string;
  masked: string | null;
  answer: AccountAnswer | null;
  canManage: boolean;
  confirmRotate: boolean;
  confirmHref: string;
  cancelHref: string;
}) {
  return (
    <Stack gap="xs" className="account-token" data-testid="token-panel">
      <Text fw={600} component="h3" size="md">
        API token
      </Text>
      <Text size="sm">
        Sellers' integrations send it as <Code>Authorization: Token …</Code> or <Code>?auth_token=…</Code>.
      </Text>
      {answer?.message ? (
        <Alert color="red" role="alert">
          {answer.message}
        </Alert>
      ) : null}
      {answer?.token ? (
        <Alert color={answer.rotated ? "orange" : "blue"} role="status" data-testid="token-revealed">
          {answer.rotated ? "New token issued; the old one no longer works: " : "Token: "}
          <Code data-testid="token-value">{answer.token}</Code>
        </Alert>
      ) : (
        <Text size="sm" data-testid="token-masked">
          {canManage ? (masked ?? "No token yet.") : "Only a VP or KAM may see this client's API token."}
        </Text>
      )}
      {canManage && masked !== null ? (
        confirmRotate ? (
          <Form method="post" action={action} preventScrollReset data-testid="rotate-confirm">
            <input type="hidden" name="intent" value="token-rotate" />
            <input type="hidden" name="confirm" value="yes" />
            <Text size="sm">Rotate the token? Every integration using the current token stops working at once.</Text>
            <Group mt="xs">
              <Button type="submit" color="red">
                Yes, rotate
              </Button>
              <Button component={Link} to={cancelHref} variant="default" preventScrollReset>
                Cancel
              </Button>
            </Group>
          </Form>
        ) : (
          <Group>
            <Form method="post" action={action} preventScrollReset>
              <input type="hidden" name="intent" value="token-reveal" />
              <Button type="submit" variant="light">
                Reveal
              </Button>
            </Form>
            <Button component={Link} to={confirmHref} variant="light" color="red" preventScrollReset>
              Rotate…
            </Button>
          </Group>
        )
      ) : null}
    </Stack>
  );
}
