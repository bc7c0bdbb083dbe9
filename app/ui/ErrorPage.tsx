import { Anchor, Container, Stack, Text, Title } from "@mantine/core";

type RouteError = { status?: number; statusText?: string; data?: unknown };

/** Plain, helpful error screens: never a dead end. */
export function ErrorPage({ error, isResponse }: { error: unknown; isResponse: boolean }) {
  const status = isResponse ? (error as RouteError).status ?? 500 : 500;
  const detail = isResponse && typeof (error as RouteError).data === "string" ? ((error as RouteError).data as string) : null;
  const title =
    status === 404 ? "Not found" : status === 403 ? "Not allowed" : status === 400 ? "Bad request" : "Something went wrong";
  const text =
    detail ??
    (status === 404
      ? "This page does not exist, or you do not have access to it."
      : status === 403
        ? "Your role cannot do this."
        : "The console hit an unexpected error. Nothing was changed; please try again.");
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          Error {status}
        </Text>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text>{text}</Text>
        <Anchor href="/">Go to your home page</Anchor>
      </Stack>
    </Container>
  );
}
