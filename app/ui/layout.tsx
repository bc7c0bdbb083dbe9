/**
 * Mantine's Stack, Group, Title, Paper and Text as plain elements (decision 047): the same markup,
 * classes, CSS variables and styles as `@mantine/core` renders for the props this app uses,
 * without the per-render theme lookups, style-prop parsing and four component layers of
 * each Mantine component. The pages render hundreds of them; Mantine's CSS (imported per
 * component in root.tsx) styles them as before.
 *
 * Props are the subset the app uses, typed strictly: a prop these do not support is a type
 * error, not a silently different page. app/ui/layout.test.ts renders each beside
 * Mantine's own and compares the HTML.
 */
import {
  getFontSize,
  getLineHeight,
  getRadius,
  getShadow,
  getSpacing,
  type MantineSize,
  type MantineSpacing,
  parseThemeColor,
  rem,
  useMantineTheme,
} from "@mantine/core";
import { Children, type CSSProperties, type ElementType, forwardRef, type HTMLAttributes, type ReactNode } from "react";

type Spacing = MantineSpacing | number | (string & {});

/** Mantine's style props that the app passes to these components. */
type StyleProps = {
  mt?: Spacing;
  mb?: Spacing;
  p?: Spacing;
  py?: Spacing;
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

/** Text style props, resolved (see Text), in the place Mantine's Box puts them. */
type TextStyle = {
  color?: string;
  fontFamily?: string;
  fontSize?: string;
  fontWeight?: CSSProperties["fontWeight"];
  textAlign?: CSSProperties["textAlign"];
  textDecoration?: CSSProperties["textDecoration"];
};

/**
 * The element's style as Mantine's Box writes it: the component's variables, the caller's
 * style, then the style props in Mantine's order (margins, padding, colour and font, sizes,
 * position).
 */
function boxStyle(
  vars: Record<string, string | undefined>,
  style: CSSProperties | undefined,
  props: StyleProps,
  text: TextStyle = {},
): CSSProperties | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) out[k] = v;
  if (style) Object.assign(out, style);
  if (props.mt !== undefined) out.marginTop = spacingValue(props.mt);
  if (props.mb !== undefined) out.marginBottom = spacingValue(props.mb);
  if (props.p !== undefined) out.padding = spacingValue(props.p);
  if (props.py !== undefined) out.paddingBlock = spacingValue(props.py);
  for (const [k, v] of Object.entries(text)) if (v !== undefined) out[k] = v;
  if (props.w !== undefined) out.width = spacingValue(props.w);
  if (props.maw !== undefined) out.maxWidth = spacingValue(props.maw);
  if (props.pos !== undefined) out.position = props.pos;
  return Object.keys(out).length > 0 ? (out as CSSProperties) : undefined;
}

const classes = (own: string | undefined, mantine: string) => (own ? `${own} ${mantine}` : mantine);

type Base = Omit<HTMLAttributes<HTMLElement>, "style" | "color"> &
  StyleProps & { style?: CSSProperties; children?: ReactNode; "data-testid"?: string };

function splitStyleProps<P extends StyleProps>(props: P): [StyleProps, Omit<P, keyof StyleProps>] {
  const { mt, mb, p, py, w, maw, pos, ...rest } = props;
  return [{ mt, mb, p, py, w, maw, pos }, rest];
}

export type StackProps = Base & {
  gap?: Spacing;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
};

export const Stack = forwardRef<HTMLDivElement, StackProps>(function Stack(all, ref) {
  const [styleProps, { gap = "md", align = "stretch", justify = "flex-start", className, style, ...rest }] =
    splitStyleProps(all);
  const vars = { "--stack-gap": getSpacing(gap), "--stack-align": align, "--stack-justify": justify };
  return (
    <div
      ref={ref}
      style={boxStyle(vars, style, styleProps)}
      className={classes(className, "m_6d731127 mantine-Stack-root")}
      {...rest}
    />
  );
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
  const [
    styleProps,
    {
      gap = "md",
      align = "center",
      justify = "flex-start",
      wrap = "wrap",
      grow,
      component,
      className,
      style,
      children,
      ...rest
    },
  ] = splitStyleProps(all);
  const resolvedGap = getSpacing(gap);
  // As Mantine: the children less the falsy ones, whose number sets each one's width when growing.
  const kids = Children.toArray(children).filter(Boolean);
  const vars = {
    "--group-child-width": grow
      ? `calc(${100 / kids.length}% - (${resolvedGap} - ${resolvedGap} / ${kids.length}))`
      : undefined,
    "--group-gap": resolvedGap,
    "--group-align": align,
    "--group-justify": justify,
    "--group-wrap": wrap,
  };
  const Element: ElementType = component ?? "div";
  return (
    <Element
      ref={ref}
      style={boxStyle(vars, style, styleProps)}
      className={classes(className, "m_4081bf90 mantine-Group-root")}
      data-grow={grow || undefined}
      {...rest}
    >
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
  const vars = {
    "--paper-radius": radius === undefined ? undefined : getRadius(radius),
    "--paper-shadow": getShadow(shadow),
  };
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

const FONT_FAMILIES: Record<string, string> = {
  text: "var(--mantine-font-family)",
  mono: "var(--mantine-font-family-monospace)",
  monospace: "var(--mantine-font-family-monospace)",
  heading: "var(--mantine-font-family-headings)",
  headings: "var(--mantine-font-family-headings)",
};

export type TextProps = Base & {
  size?: MantineSize;
  /** Text colour: "dimmed", a theme colour ("red", "red.8") or a CSS colour, as Mantine's `c`. */
  c?: string;
  fw?: CSSProperties["fontWeight"];
  ff?: "text" | "monospace" | "heading";
  /** Font size other than `size`'s (a theme size or a number of pixels), without `size`'s line height. */
  fz?: MantineSize | number;
  td?: CSSProperties["textDecoration"];
  ta?: CSSProperties["textAlign"];
  span?: boolean;
  component?: "p" | "span" | "div" | "del" | "h3" | "label";
  htmlFor?: string;
};

/** Mantine's `c` for text: a theme colour without a shade is its `-text` variable. */
function textColor(color: string, theme: ReturnType<typeof useMantineTheme>): string {
  const parsed = parseThemeColor({ color, theme });
  if (parsed.isThemeColor && parsed.shade === undefined) return `var(--mantine-color-${parsed.color}-text)`;
  if (parsed.color === "dimmed") return "var(--mantine-color-dimmed)";
  if (parsed.color === "bright") return "var(--mantine-color-bright)";
  return parsed.variable ? `var(${parsed.variable})` : parsed.color;
}

export const Text = forwardRef<HTMLElement, TextProps>(function Text(all, ref) {
  const theme = useMantineTheme();
  const [styleProps, { size, c, fw, ff, fz, td, ta, span, component, className, style, ...rest }] =
    splitStyleProps(all);
  const vars = { "--text-fz": getFontSize(size), "--text-lh": getLineHeight(size) };
  // Mantine's order: c, ff, fz, fw, ta, td.
  const text: TextStyle = {
    color: c === undefined ? undefined : textColor(c, theme),
    fontFamily: ff === undefined ? undefined : (FONT_FAMILIES[ff] ?? ff),
    fontSize: getFontSize(fz),
    fontWeight: fw,
    textAlign: ta,
    textDecoration: td,
  };
  const Element = (component ?? (span ? "span" : "p")) as ElementType;
  return (
    <Element
      ref={ref}
      style={boxStyle(vars, style, styleProps, text)}
      className={`mantine-focus-auto ${classes(className, "m_b6d8b162 mantine-Text-root")}`}
      data-size={size}
      {...rest}
    />
  );
});
