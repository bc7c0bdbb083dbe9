/** Business Details (docs/product.md §3 business_data, §5): logo, sale source, category, bank (locked once set), orders, segment, agreement, liability, SME code. */
import { Button } from "@mantine/core";
import { Form } from "@remix-run/react";

import {
  ACCOUNT_HOLDERS,
  chosenFileProblem,
  CUSTOMER_SEGMENTS,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
} from "~/services/account/forms";
import type { AccountAnswer } from "~/services/account/page.server";
import type { BusinessData } from "~/services/db/schema/clients";
import { Group, Stack, Text } from "~/ui/layout";

import { Field, FileField, SectionAlert, Select } from "./parts";

type Business = { values: BusinessData; version: number; bankLocked: boolean; hasLogo: boolean };

export function BusinessSection({
  action,
  business,
  answer,
  canEdit,
  canUnlock,
}: {
  action: string;
  business: Business;
  answer: AccountAnswer | null;
  canEdit: boolean;
  canUnlock: boolean;
}) {
  const v = business.values;
  const ro = !canEdit;
  const bankRo = ro || business.bankLocked;
  return (
    <Stack gap="sm">
      <Form method="post" action={action} encType="multipart/form-data" preventScrollReset data-testid="business-form">
        <input type="hidden" name="intent" value="business" />
        <input type="hidden" name="version" value={business.version} />
        <Stack gap="sm">
          <SectionAlert answer={answer} />
          {business.hasLogo && v.label_logo ? (
            <Text size="sm">
              Current label logo:{" "}
              <a href={v.label_logo} target="_blank" rel="noreferrer" data-testid="logo-link">
                view
              </a>
            </Text>
          ) : null}
          <FileField
            name="label_logo"
            label="Label Logo (png or jpeg, at most 300 KB)"
            accept=".png,.jpg,.jpeg"
            answer={answer}
            disabled={ro}
            check={(f) => chosenFileProblem(f, "logo")}
          />
          <Group grow align="start">
            <Select
              name="account_holder"
              label="Major Sale Source"
              value={v.account_holder}
              answer={answer}
              disabled={ro}
              options={Object.entries(ACCOUNT_HOLDERS).map(([k, label]) => ({ value: k, label }))}
            />
            <Select
              name="product_category"
              label="Product Category"
              value={v.product_category}
              answer={answer}
              disabled={ro}
              options={PRODUCT_CATEGORIES.map((c) => ({ value: c, label: PRODUCT_CATEGORY_LABELS[c] }))}
            />
          </Group>
          <BankFields values={v} answer={answer} locked={business.bankLocked} disabled={bankRo} />
          <Group grow align="start">
            <Field
              name="avg_per_day_order"
              label="Average Orders per Day"
              value={v.avg_per_day_order}
              answer={answer}
              readOnly={ro}
              maxLength={9}
              inputMode="numeric"
            />
            <Field
              name="daily_order_threshold"
              label="Daily Order Threshold"
              value={v.daily_order_threshold}
              answer={answer}
              readOnly={ro}
              maxLength={9}
              inputMode="numeric"
            />
          </Group>
          <Group grow align="start">
            <Select
              name="tin_number"
              label="Customer Segment"
              value={v.tin_number}
              answer={answer}
              disabled={ro}
              options={CUSTOMER_SEGMENTS.map((s) => ({ value: s, label: s.replace("_", " ") }))}
            />
            <Field name="key" label="SME Code" value={v.key} answer={answer} readOnly={ro} maxLength={20} />
          </Group>
          <Group grow align="start">
            <Field
              name="agreement_link"
              label="Agreement Link"
              value={v.agreement_link}
              answer={answer}
              readOnly={ro}
              maxLength={2048}
            />
            <Field
              name="liability_amount"
              label="Liability Amount (₹)"
              value={v.liability_amount}
              answer={answer}
              readOnly={ro}
              maxLength={13}
              inputMode="decimal"
            />
          </Group>
          {canEdit ? (
            <Group>
              <Button type="submit">Save Business Details</Button>
            </Group>
          ) : null}
        </Stack>
      </Form>
      {business.bankLocked && canUnlock ? (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="bank-unlock" />
          <Button type="submit" variant="light" color="orange">
            Unlock bank details
          </Button>
        </Form>
      ) : null}
    </Stack>
  );
}

/** The bank account: disabled once set (until a vp unlocks it) or for a role that cannot edit. */
function BankFields({
  values: v,
  answer,
  locked,
  disabled,
}: {
  values: BusinessData;
  answer: AccountAnswer | null;
  locked: boolean;
  disabled: boolean;
}) {
  return (
    <fieldset className="account-bank">
      <legend>Bank account{locked ? " (locked once set)" : ""}</legend>
      <Group grow align="start">
        <Field
          name="account_name"
          label="Account Name"
          value={v.account_name}
          answer={answer}
          disabled={disabled}
          maxLength={100}
        />
        <Field
          name="account_number"
          label="Account Number"
          value={v.account_number}
          answer={answer}
          disabled={disabled}
          maxLength={18}
          inputMode="numeric"
        />
      </Group>
      <Group grow align="start">
        <Field
          name="bank_name"
          label="Bank Name"
          value={v.bank_name}
          answer={answer}
          disabled={disabled}
          maxLength={100}
        />
        <Field
          name="ifsc_code"
          label="IFSC Code"
          value={v.ifsc_code}
          answer={answer}
          disabled={disabled}
          maxLength={11}
        />
      </Group>
    </fieldset>
  );
}
