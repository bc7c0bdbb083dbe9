/**
 * URL search params as a loader may use them: a value with a control character (`?q=%00`) is a
 * client's mistake, answered 400 with a message — before it reaches a zod schema that would
 * quietly drop it, or the database, which refuses NUL in text (that used to be a 500).
 */
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from "../core/text-input";

export function searchParamsOf(request: Request): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [name, value] of params) {
    if (hasControlCharacters(name) || hasControlCharacters(value)) {
      throw new Response(
        `Bad request: the address's "${name.replace(/[^\w.-]/g, "?").slice(0, 40)}" parameter is not valid. ${CONTROL_CHARACTER_MESSAGE}`,
        {
          status: 400,
          statusText: "Bad Request",
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        },
      );
    }
  }
  return params;
}
