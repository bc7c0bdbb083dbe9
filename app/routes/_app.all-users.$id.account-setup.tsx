/**
 * A client's account set-up (docs/product.md §2 "Client account pages", §3–§9; decision 026): KYC
 * Details, Business Details, Pickrr Configuration (with the API token) and Wallet
 * Configuration, each a collapsible section whose open state is in the URL, each its own
 * form post with its own `intent`. Rules and data: app/services/account/.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

import { type AccountAnswer, accountSetupAction, accountSetupPage } from "~/services/account/page.server";
import { accountHref, PROFILE_CARD_MS, SECTION_TITLES, toggleHref } from "~/services/account/view";
import { requireStaff } from "~/services/auth/guard.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { BusinessSection } from "~/ui/account/BusinessSection";
import { ConfigSection, TokenPanel } from "~/ui/account/ConfigSection";
import { HistoryTable } from "~/ui/account/HistoryTable";
import { KycSection } from "~/ui/account/KycSection";
import { answerFor, Section } from "~/ui/account/parts";
import { WalletSection } from "~/ui/account/WalletSection";
import { Paper, Stack, Text } from "~/ui/layout";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "account-setup.view", capabilities: true });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  return accountSetupPage(db, staff, client.id, new URL(request.url));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "account-setup.view", capabilities: true });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  return accountSetupAction(request, db, staff, client.id);
}

/** After a refused save (409: someone else saved), reload so the section shows what is stored now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

function ProfileCompletedCard() {
  const [shown, setShown] = useState(true);
  // Whether the timer runs (after hydration): tests wait for it before moving a fake clock.
  const [timed, setTimed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), PROFILE_CARD_MS);
    setTimed(true);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <Paper withBorder p="md" role="status" data-testid="profile-completed" data-timed={timed ? "true" : undefined}>
      <Text fw={600}>Profile completed</Text>
      <Text size="sm">KYC, bank account and business details are all in. The seller is ready to ship.</Text>
    </Paper>
  );
}

export default function AccountSetup() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<AccountAnswer>();
  const { clientId, view } = page;
  const here = accountHref(clientId, view);
  const section = (id: keyof typeof SECTION_TITLES, body: React.ReactNode) => (
    <Section
      id={id}
      title={SECTION_TITLES[id]}
      open={view.open.includes(id)}
      toggleHref={toggleHref(clientId, view, id)}
    >
      {body}
    </Section>
  );
  const kycAnswer = answerFor(answer, "kyc");
  return (
    <Stack gap="md" className="account-setup">
      {answer?.formId === "page" && answer.message ? (
        <div role="alert" className="account-error" data-testid="page-error">
          {answer.message}
        </div>
      ) : null}
      {view.completed ? <ProfileCompletedCard /> : null}
      {section(
        "kyc",
        <KycSection
          key={kycAnswer ? JSON.stringify([kycAnswer.repopulateFields, Boolean(kycAnswer.lookup)]) : "stored"}
          action={here}
          kyc={page.kyc}
          answer={kycAnswer}
          canEdit={page.can.kyc}
        />,
      )}
      {section(
        "business",
        <BusinessSection
          key={page.business.version}
          action={here}
          business={page.business}
          answer={answerFor(answer, "business")}
          canEdit={page.can.kyc}
          canUnlock={page.can.bankUnlock}
        />,
      )}
      {section(
        "config",
        <Stack gap="lg">
          <ConfigSection
            key={page.config.version}
            action={here}
            config={page.config}
            answer={answerFor(answer, "config")}
            canEdit={page.can.config}
            canWalletFlag={page.can.walletFlag}
            canLegalFlag={page.can.legalFlag}
          />
          <TokenPanel
            action={here}
            masked={page.token.masked}
            answer={answerFor(answer, "token")}
            canManage={page.can.token}
            confirmRotate={view.confirmRotate}
            confirmHref={accountHref(clientId, { ...view, confirmRotate: true })}
            cancelHref={accountHref(clientId, { ...view, confirmRotate: false })}
          />
        </Stack>,
      )}
      {page.wallet
        ? section(
            "wallet",
            <WalletSection
              key={page.wallet.version}
              action={here}
              wallet={page.wallet}
              answer={answerFor(answer, "wallet")}
            />,
          )
        : null}
      {section("history", page.history ? <HistoryTable entries={page.history} /> : null)}
    </Stack>
  );
}
