import "@mantine/core/styles.css";
import "./ui/app.css";
import { ColorSchemeScript, createTheme, MantineProvider, mantineHtmlProps, type CSSVariablesResolver } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { commitCookieSession, getCookieSession } from "./services/auth/session.server";
import { ErrorPage } from "./ui/ErrorPage";
import { PendingBar } from "./ui/PendingBar";
import { ToastArea } from "./ui/ToastArea";

export const meta: MetaFunction = () => [{ title: "Shipping Console" }];

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

const theme = createTheme({
  primaryColor: "indigo",
  // Shade 8 keeps white-on-primary and primary-on-white text above WCAG AA contrast.
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  defaultRadius: "sm",
});

/** Mantine's default error red (red-6) fails WCAG AA on white: errors everywhere use red-9. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-error": "var(--mantine-color-red-9)" },
  dark: {},
});

/** Reads (and so consumes) the one-shot toast flashed by the previous form post. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getCookieSession(request);
  const toast = session.get("toast") ?? null;
  const headers = toast ? { "Set-Cookie": await commitCookieSession(session) } : undefined;
  return data({ toast }, { headers });
}

function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
          {children}
        </MantineProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <Document>
      <PendingBar />
      <ToastArea toast={toast} />
      <Outlet />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Document>
      <ErrorPage error={error} isResponse={isRouteErrorResponse(error)} />
    </Document>
  );
}
