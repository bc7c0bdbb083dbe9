import { Alert, Stack, Text, Title } from "@mantine/core";

/** An honest placeholder for a screen whose feature has not been built yet (worded for singular and plural features alike). */
export function NotBuiltYet({ title, feature }: { title: string; feature: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="gray" title="Not available yet" variant="light">
        <Text size="sm">
          Not built yet: {feature}. This page will show it once that work lands; nothing here is simulated.
        </Text>
      </Alert>
    </Stack>
  );
}
