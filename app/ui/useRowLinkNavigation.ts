import type { MouseEvent } from "react";
import { useNavigate } from "@remix-run/react";

/**
 * Links inside rows built as HTML text (html.ts) are plain anchors: Remix's <Link> would cost a
 * router lookup each on the server, and a string has no components. With JavaScript, one click
 * handler on the table turns a plain click on any anchor matching `selector` into a client-side
 * navigation, as <Link> would; `data-keep-scroll` on an anchor keeps the scroll position
 * (<Link preventScrollReset>). Without JavaScript the anchors are ordinary links.
 */
export function useRowLinkNavigation(selector: string, opts: { keepScroll?: boolean } = {}) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    const anchor = target?.closest?.(selector) as HTMLAnchorElement | null;
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    const href = anchor.getAttribute("href");
    if (!href || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href, { preventScrollReset: opts.keepScroll || anchor.hasAttribute("data-keep-scroll") });
  };
}
