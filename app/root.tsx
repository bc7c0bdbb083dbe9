// Mantine's CSS per component (decision 022: the whole of styles.css was 33 KiB gzip, 83 % unused).
// Here: the base and the components of the shell and most pages; a component used on a few
// pages imports its own CSS where it is used (form-fields, calculator, sign-in …; Table in the
// lazily loaded mantine-react-table modules only, decision 056).
// Order as Mantine's styles.css: the base, then the components others build on (UnstyledButton,
// Paper, CloseButton, Group, Loader, Input), then the rest. Not default-css-variables.css:
// global.css carries the same variables (3.7 KiB gzip twice on every page) but for seven, which
// app.css adds with their default values.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Badge.css";
import "./ui/theme.generated.css";
import "./ui/app.css";

import { ColorSchemeScript, mantineHtmlProps, MantineProvider } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import { commitCookieSession, getCookieSession } from "./services/auth/session.server";
import { ErrorPage } from "./ui/ErrorPage";
import { useNonce } from "./ui/nonce";
import { PendingBar } from "./ui/PendingBar";
import { theme } from "./ui/theme";
import { ToastArea } from "./ui/ToastArea";

export const meta: MetaFunction = () => [{ title: "Shipping Console" }];

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** Reads (and so consumes) the one-shot toast flashed by the previous form post. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getCookieSession(request);
  const toast = session.get("toast") ?? null;
  const headers = toast ? { "Set-Cookie": await commitCookieSession(session) } : undefined;
  return data({ toast }, { headers });
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript forceColorScheme="light" nonce={nonce} />
      </head>
      <body>
        {/* The theme's variables and classes come from theme.generated.css, not a <style> rendered per page. */}
        <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
      <ErrorPage error={error} />
    </Document>
  );
}
