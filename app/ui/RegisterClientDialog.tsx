/**
 * Register New User (docs/product.md §2, docs/forms.md): the dialog over All Users, opened by its
 * URL (`?register=1`) so it renders on the server and works without JavaScript; the form is the
 * validated form whose validator the route's action reads too.
 */
import { Button } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";

import { registerClientValidator } from "~/services/clients/register-form";
import { FormPasswordInput, FormTextInput, SubmitButton } from "~/ui/form-fields";
import { Group, Stack } from "~/ui/layout";
import { UrlDialog } from "~/ui/UrlDialog";

/** `formId` is the one the action answers to; `closeTo` the list as it was (Cancel and close go there). */
export function RegisterClientDialog({ formId, closeTo }: { formId: string; closeTo: string }) {
  return (
    <UrlDialog title="Register New User" closeTo={closeTo}>
      <ValidatedForm validator={registerClientValidator} method="post" id={formId} noValidate>
        <Stack gap="sm">
          <input type="hidden" name="intent" value="register" />
          <FormTextInput name="name" label="Name" autoComplete="name" />
          <FormTextInput name="company_name" label="Company Name" autoComplete="organization" />
          <FormTextInput name="phone_number" label="Contact Number" type="tel" autoComplete="tel" />
          <FormTextInput name="email" label="Email" type="email" autoComplete="email" />
          <FormPasswordInput name="password" label="Password" autoComplete="new-password" />
          <FormPasswordInput name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
          <Group justify="flex-end" mt="sm">
            <Button component={Link} to={closeTo} variant="default" preventScrollReset>
              Cancel
            </Button>
            <SubmitButton>Register</SubmitButton>
          </Group>
        </Stack>
      </ValidatedForm>
    </UrlDialog>
  );
}
