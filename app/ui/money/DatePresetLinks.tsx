/**
 * The date presets under a money filter (On Hold COD and its Released view): one link each, the
 * current one filled. Plain anchors styled as Mantine's compact buttons (app/ui/fields.tsx,
 * decision 081): ordinary links without JavaScript; with it, one handler on the list follows
 * them client-side, as the Remix `<Link>`s they replace did.
 */
import { PlainButton } from "~/ui/fields";
import { Group } from "~/ui/layout";
import { useRowLinkNavigation } from "~/ui/useRowLinkNavigation";

export function DatePresetLinks({
  links,
}: {
  links: readonly { preset: string; label: string; href: string; current: boolean }[];
}) {
  const follow = useRowLinkNavigation("a");
  return (
    <Group gap="xs" mt="sm" component="nav" aria-label="Date presets" onClick={follow}>
      {links.map((p) => (
        <PlainButton
          key={p.preset}
          size="compact-sm"
          variant={p.current ? "filled" : "default"}
          href={p.href}
          aria-current={p.current ? "true" : undefined}
        >
          {p.label}
        </PlainButton>
      ))}
    </Group>
  );
}
