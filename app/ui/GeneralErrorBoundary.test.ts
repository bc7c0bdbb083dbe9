import { describe, expect, it } from "vitest";

import { describeRouteError } from "./GeneralErrorBoundary";

/** A thrown Response as Remix hands it to a boundary. */
const response = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("describeRouteError", () => {
  it("shows the guard's refusal and a 404's reason as written", () => {
    expect(describeRouteError(response(403, "You do not have access to this page."))).toEqual({
      status: 403,
      title: "Not allowed",
      message: "You do not have access to this page.",
    });
    expect(
      describeRouteError(response(404, "This client does not exist, or you do not have access to it.")),
    ).toMatchObject({
      title: "Not found",
      message: "This client does not exist, or you do not have access to it.",
    });
  });

  it("has a clear default when the refusal carries no text", () => {
    expect(describeRouteError(response(403, null)).message).toBe("You do not have access to this page.");
    expect(describeRouteError(response(404, "")).message).toBe(
      "This page does not exist, or you do not have access to it.",
    );
    expect(describeRouteError(response(409, { err: "x" }))).toMatchObject({ status: 409, title: "Request refused" });
  });

  it("never shows what went wrong inside: a crash or a 5xx says only that something went wrong", () => {
    const crash = describeRouteError(new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2"));
    expect(crash).toEqual({
      status: 500,
      title: "Something went wrong",
      message: "The console hit an unexpected error. Nothing was changed; please try again.",
    });
    const server = describeRouteError(response(503, "pool exhausted at db/client.server.ts:88"));
    expect(server.status).toBe(503);
    expect(server.message).not.toContain("pool");
  });
});
