import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  boundedFreeText,
  boundedString,
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacters,
  tooLongMessage,
} from "./text-input";

describe("bounded text", () => {
  it("refuses any control character in a one-line field, with a clear message", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 0x1f }), fc.string(), (a, code, b) => {
        const r = boundedString(100).safeParse(`${a}${String.fromCharCode(code)}${b}`.slice(0, 100));
        if (`${a}${String.fromCharCode(code)}${b}`.slice(0, 100).match(/[\u0000-\u001f]/)) {
          expect(r.success).toBe(false);
          expect(r.error!.issues.map((i) => i.message)).toContain(CONTROL_CHARACTER_MESSAGE);
        }
      }),
    );
  });

  it("allows line breaks and TAB in free text, never NUL", () => {
    expect(boundedFreeText().safeParse("line one\r\nline\ttwo").success).toBe(true);
    expect(boundedFreeText().safeParse("a\u0000b").success).toBe(false);
    expect(hasControlCharacters("a\nb", { multiline: true })).toBe(false);
    expect(hasControlCharacters("a\nb")).toBe(true);
  });

  it("caps the length", () => {
    expect(boundedString(3).safeParse("abcd").error?.issues[0].message).toBe(tooLongMessage(3));
  });
});
