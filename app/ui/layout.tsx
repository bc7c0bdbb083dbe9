/**
 * Mantine's Stack, Group, Title and Paper as plain elements (decision 047): the same markup,
 * classes, CSS variables and styles as `@mantine/core` renders for the props this app uses,
 * without the per-render theme lookups, style-prop parsing and four component layers of
 * each Mantine component. The pages render hundreds of them; Mantine's CSS (imported per
 * component in root.tsx) styles them as before.
 *
 * Props are the subset the app uses, typed strictly: a prop these do not support is a type
 * error, not a silently different page. app/ui/layout.test.ts renders each beside
 * Mantine's own and compares the HTML.
 */
import { getRadius, getShadow, getSpacing, rem, type MantineSize, type MantineSpacing } from "@mantine/core";
import { Children, forwardRef, type CSSProperties, type ElementType, type HTMLAttributes, type ReactNode } from "react";

type Spacing = MantineSpacing | number | (string & {});

/** Mantine's style props that the app passes to these components. */
type StyleProps = {
  mt?: Spacing;
  mb?: Spacing;
  p?: Spacing;
  w?: Spacing;
  maw?: Spacing;
  pos?: CSSProperties["position"];
};

const THEME_SPACING = new Set(["xs", "sm", "md", "lg", "xl"]);

/** Mantine's spacing resolver for style props (`mt="sm"`, `maw={480}`, `w="100%"`). */
function spacingValue(value: Spacing): string {
  if (typeof value === "number") return rem(value);
  const key = value.replace("-", "");
  if (!THEME_SPACING.has(key)) return rem(value);
  return value.startsWith("-") ? `calc(var(--mantine-spacing-${key}) * -1)` : `var(--mantine-spacing-${key})`;
}

/** The element's style as Mantine's Box writes it: the component's variables, the caller's style, then style props. */
function boxStyle(vars: Record<string, string | undefined>, style: CSSProperties | undefined, props: StyleProps): CSSProperties | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) out[k] = v;
  if (style) Object.assign(out, style);
  if (props.mt !== undefined) out.marginTop = spacingValue(props.mt);
  if (props.mb !== undefined) out.marginBottom = spacingValue(props.mb);
  if (props.p !== undefined) out.padding = spacingValue(props.p);
  if (props.w !== undefined) out.width = spacingValue(props.w);
  if (props.maw !== undefined) out.maxWidth = spacingValue(props.maw);
  if (props.pos !== undefined) out.position = props.pos;
  return Object.keys(out).length > 0 ? (out as CSSProperties) : undefined;
}

const classes = (own: string | undefined, mantine: string) => (own ? `${own} ${mantine}` : mantine);

type Base = Omit<HTMLAttributes<HTMLElement>, "style" | "color"> & StyleProps & { style?: CSSProperties; children?: ReactNode; "data-testid"?: string };

function splitStyleProps<P extends StyleProps>(props: P): [StyleProps, Omit<P, keyof StyleProps>] {
  const { mt, mb, p, w, maw, pos, ...rest } = props;
  return [{ mt, mb, p, w, maw, pos }, rest];
}

export type StackProps = Base & {
  gap?: Spacing;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
};

export const Stack = forwardRef<HTMLDivElement, StackProps>(function Stack(all, ref) {
  const [styleProps, { gap = "md", align = "stretch", justify = "flex-start", className, style, ...rest }] = splitStyleProps(all);
  const vars = { "--stack-gap": getSpacing(gap), "--stack-align": align, "--stack-justify": justify };
  return <div ref={ref} style={boxStyle(vars, style, styleProps)} className={classes(className, "m_6d731127 mantine-Stack-root")} {...rest} />;
});

export type GroupProps = Base & {
  gap?: Spacing;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  wrap?: CSSProperties["flexWrap"];
  /** Children share the row equally (Mantine's `grow`, with its `preventGrowOverflow`). */
  grow?: boolean;
  component?: "div" | "nav";
};

export const Group = forwardRef<HTMLDivElement, GroupProps>(function Group(all, ref) {
  const [styleProps, { gap = "md", align = "center", justify = "flex-start", wrap = "wrap", grow, component, className, style, children, ...rest }] =
    splitStyleProps(all);
  const resolvedGap = getSpacing(gap);
  // As Mantine: the children less the falsy ones, whose number sets each one's width when growing.
  const kids = Children.toArray(children).filter(Boolean);
  const vars = {
    "--group-child-width": grow ? `calc(${100 / kids.length}% - (${resolvedGap} - ${resolvedGap} / ${kids.length}))` : undefined,
    "--group-gap": resolvedGap,
    "--group-align": align,
    "--group-justify": justify,
    "--group-wrap": wrap,
  };
  const Element: ElementType = component ?? "div";
  return (
    <Element ref={ref} style={boxStyle(vars, style, styleProps)} className={classes(className, "m_4081bf90 mantine-Group-root")} data-grow={grow || undefined} {...rest}>
      {kids}
    </Element>
  );
});

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

export type TitleProps = Base & {
  order?: 1 | 2 | 3 | 4 | 5 | 6;
  size?: "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | MantineSize;
};

export const Title = forwardRef<HTMLHeadingElement, TitleProps>(function Title(all, ref) {
  const [styleProps, { order = 1, size, className, style, ...rest }] = splitStyleProps(all);
  const titleSize = size ?? `h${order}`;
  const vars = HEADINGS.has(titleSize)
    ? {
        "--title-fw": `var(--mantine-${titleSize}-font-weight)`,
        "--title-lh": `var(--mantine-${titleSize}-line-height)`,
        "--title-fz": `var(--mantine-${titleSize}-font-size)`,
      }
    : {
        "--title-fw": `var(--mantine-h${order}-font-weight)`,
        "--title-lh": `var(--mantine-h${order}-line-height)`,
        "--title-fz": `var(--mantine-font-size-${titleSize})`,
      };
  const Heading: ElementType = `h${order}`;
  return (
    <Heading
      ref={ref}
      style={boxStyle(vars, style, styleProps)}
      className={classes(className, "m_8a5d1357 mantine-Title-root")}
      data-size={size}
      data-order={order}
      {...rest}
    />
  );
});

export type PaperProps = Base & {
  withBorder?: boolean;
  radius?: MantineSize;
  shadow?: MantineSize;
  component?: "div" | "main" | "section";
};

export const Paper = forwardRef<HTMLDivElement, PaperProps>(function Paper(all, ref) {
  const [styleProps, { withBorder, radius, shadow, component, className, style, ...rest }] = splitStyleProps(all);
  const vars = { "--paper-radius": radius === undefined ? undefined : getRadius(radius), "--paper-shadow": getShadow(shadow) };
  const Element: ElementType = component ?? "div";
  return (
    <Element
      ref={ref}
      style={boxStyle(vars, style, styleProps)}
      className={classes(className, "m_1b7284a3 mantine-Paper-root")}
      data-with-border={withBorder || undefined}
      {...rest}
    />
  );
});
