import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { handleError } from "./entry.server";

const args = { request: new Request("http://console.test/rate-cards", { method: "POST" }), params: {}, context: {} };

describe("the server's error log (decision 018)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs no stack trace for a client's mistake that Remix answers itself (a 4xx)", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(
      new ErrorResponse(
        405,
        "Method Not Allowed",
        new Error('You made a POST request to "/rate-cards" but did not provide an `action`'),
        true,
      ),
      args,
    );
    handleError(new ErrorResponse(404, "Not Found", new Error("No route matches URL"), true), args);
    expect(log).not.toHaveBeenCalled();
  });

  it("still logs our own failures", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const crash = new Error("a route crashed");
    handleError(crash, args);
    handleError(new ErrorResponse(500, "Internal Server Error", crash, true), args);
    expect(log).toHaveBeenCalledTimes(2);
    // One JSON line each (core/log.ts, decision 078) that names the failure.
    const lines = log.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
    expect(lines.every((line) => line.level === "error" && JSON.stringify(line).includes("a route crashed"))).toBe(
      true,
    );
  });
});
