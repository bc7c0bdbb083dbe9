import "@mantine/core/styles/Container.css";

import { Anchor, Container } from "@mantine/core";

import { Stack } from "~/ui/layout";

import { RouteErrorMessage } from "./GeneralErrorBoundary";

/** The whole-document error screen (the root's boundary, or when the shell itself failed): never a dead end. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <RouteErrorMessage error={error} />
        <Anchor href="/">Go to your home page</Anchor>
      </Stack>
    </Container>
  );
}
