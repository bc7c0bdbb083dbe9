import { describe, expect, it } from "vitest";

import { MAX_UPLOAD_CHARS } from "../ratecards/bulk.server";
import {
  bodyRefusal,
  crossOriginRefusal,
  edgeRefusal,
  FORM_BODY_LIMIT,
  LARGEST_UPLOAD_BYTES,
  MULTIPART_BODY_LIMIT,
  requestHost,
  SCAN_BATCH_BODY_LIMIT,
} from "./request-edge";

const FORM = "application/x-www-form-urlencoded";

describe("the request edge", () => {
  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const headers = { host: "console.internal:3000", "x-forwarded-host": "evil.example, proxy.example" };
    expect(requestHost(headers, false)).toBe("console.internal:3000");
    expect(requestHost(headers, true)).toBe("evil.example");
    // Without TRUST_PROXY a client cannot make its foreign Origin look like ours.
    expect(crossOriginRefusal({ ...headers, origin: "http://evil.example" }, false)?.status).toBe(403);
    expect(crossOriginRefusal({ ...headers, origin: "http://console.internal:3000" }, false)).toBeNull();
  });

  it("compares the Origin's host and port with the request's", () => {
    const host = { host: "console.internal:3000" };
    expect(crossOriginRefusal({ ...host, origin: "http://console.internal:3001" }, false)?.status).toBe(403);
    expect(crossOriginRefusal({ ...host, origin: "http://sub.console.internal:3000" }, false)?.status).toBe(403);
    expect(crossOriginRefusal({ ...host, origin: "not a url" }, false)?.status).toBe(403);
    expect(crossOriginRefusal({ origin: "http://console.internal:3000" }, false)?.status).toBe(403); // no Host at all
    expect(crossOriginRefusal({ ...host, "sec-fetch-site": "none" }, false)).toBeNull();
  });

  it("answers only GET, HEAD and POST; only POSTs are checked", () => {
    for (const method of ["GET", "HEAD"])
      expect(edgeRefusal({ method, path: "/logout", headers: { origin: "http://evil.example" } }, false)).toBeNull();
    for (const method of ["PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "CONNECT"]) {
      const refusal = edgeRefusal({ method, path: "/all-users", headers: {} }, false);
      expect(refusal?.status).toBe(405);
      expect(refusal?.headers).toEqual({ Allow: "GET, HEAD, POST" });
    }
  });

  it("pages take forms; the JSON endpoints take what they take", () => {
    expect(bodyRefusal("/sign-in", { "content-type": `${FORM}; charset=UTF-8`, "content-length": "10" })).toBeNull();
    expect(bodyRefusal("/sign-in", { "content-type": "text/plain" })?.status).toBe(415);
    expect(bodyRefusal("/sign-in", {})?.status).toBe(415);
    expect(bodyRefusal("/all-users/1/rate-card.data", { "content-type": "application/json" })?.status).toBe(415);
    expect(
      bodyRefusal("/api/seller/advantage-plan", { "content-type": "application/json", "content-length": "20" }),
    ).toBeNull();
    expect(bodyRefusal("/houston-ratecard/shipment-calculator-v3/", {})).toBeNull();
    expect(
      bodyRefusal("/api/seller/advantage-plan", {
        "content-type": "application/json",
        "content-length": String(FORM_BODY_LIMIT + 1),
      })?.status,
    ).toBe(413);
    expect(bodyRefusal("/sign-in", { "content-type": FORM, "content-length": "12abc" })?.status).toBe(400);
  });

  it("caps a form at 64 KB, a courier's scan batch at 1 MB and a multipart post at the largest upload plus the form around it", () => {
    const form = (n: number) => bodyRefusal("/all-users", { "content-type": FORM, "content-length": String(n) });
    expect(form(FORM_BODY_LIMIT)).toBeNull();
    expect(form(FORM_BODY_LIMIT + 1)?.status).toBe(413);
    const multipart = (n: number) =>
      bodyRefusal("/all-users/1/rate-card/upload", {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(n),
      });
    expect(multipart(MULTIPART_BODY_LIMIT)).toBeNull();
    expect(multipart(MULTIPART_BODY_LIMIT + 1)?.status).toBe(413);
    // A courier's batch of 1,000 scan events takes more than a form's 64 KB (decision 059).
    const scans = (n: number) =>
      bodyRefusal("/api/tracking/3", { "content-type": "application/json", "content-length": String(n) });
    expect(scans(SCAN_BATCH_BODY_LIMIT)).toBeNull();
    expect(scans(SCAN_BATCH_BODY_LIMIT + 1)?.status).toBe(413);
    // The rate-card file limit the upload route enforces fits inside the edge's cap.
    expect(LARGEST_UPLOAD_BYTES).toBe(MAX_UPLOAD_CHARS);
  });
});
