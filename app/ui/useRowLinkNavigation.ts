import { useNavigate, useSubmit } from "@remix-run/react";
import type { FormEvent, MouseEvent } from "react";

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
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const target = event.target as Element | null;
    const anchor = target?.closest?.(selector) as HTMLAnchorElement | null;
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    const href = anchor.getAttribute("href");
    if (!href || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href, { preventScrollReset: opts.keepScroll || anchor.hasAttribute("data-keep-scroll") });
  };
}

/**
 * A plain `<form method="post">` inside rows built as HTML text: with JavaScript its submit goes
 * through Remix (no full page load; the page's action answers and the loaders run again), as
 * its <Form> would. Without JavaScript it is an ordinary form post.
 */
export function useRowFormSubmit(selector: string) {
  const submit = useSubmit();
  return (event: FormEvent<HTMLElement>) => {
    const form = event.target as HTMLFormElement | null;
    if (event.defaultPrevented || !form?.matches?.(selector)) return;
    event.preventDefault();
    submit(form, { method: "post", preventScrollReset: true });
  };
}
