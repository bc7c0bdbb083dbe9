/**
 * Reads the text of a PDF the way a reader sees it, without a PDF library: enough for the
 * files pdfkit writes with its standard (WinAnsi-encoded) fonts. It inflates FlateDecode
 * streams, then collects the strings shown by the Tj, TJ, ' and " operators of each content
 * stream. One text operation becomes one line of the result; a large kerning gap inside a TJ
 * array becomes a space.
 *
 * Throws when the bytes are not a complete PDF, so a test that parses a download fails on a
 * broken file.
 */
import { inflateSync } from "node:zlib";

export type PdfText = {
  /** Every shown string, one text operation per line, in content-stream order. */
  text: string;
  /** The same text with all whitespace runs collapsed to one space (handy for `toContain`). */
  flat: string;
  /** Number of page objects (`/Type /Page`). */
  pageCount: number;
  /** The document's content streams, decoded (for checks on drawing order). */
  contentStreams: string[];
};

const winAnsi = new TextDecoder("windows-1252");

export function isPdf(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes);
  return buf.subarray(0, 5).toString("latin1") === "%PDF-" && buf.subarray(-32).toString("latin1").includes("%%EOF");
}

export function extractPdfText(bytes: Uint8Array): PdfText {
  const buf = Buffer.from(bytes);
  if (!isPdf(buf)) throw new Error("Not a complete PDF: missing %PDF- header or %%EOF trailer.");
  const raw = buf.toString("latin1");

  const contentStreams: string[] = [];
  const streamStart = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamStart.exec(raw))) {
    if (raw.slice(Math.max(0, m.index - 3), m.index) === "end") continue; // "endstream\n"
    const dictStart = raw.lastIndexOf(" obj", m.index);
    const dict = raw.slice(dictStart, m.index);
    const lengthMatch = /\/Length (\d+)\s*(?:\/|>>)/.exec(dict);
    const bodyStart = m.index + m[0].length;
    const bodyEnd = lengthMatch ? bodyStart + Number(lengthMatch[1]) : raw.indexOf("endstream", bodyStart);
    let body = buf.subarray(bodyStart, bodyEnd);
    if (/\/Filter\s*\/FlateDecode/.test(dict)) body = inflateSync(body);
    else if (/\/Filter/.test(dict)) continue; // images and the like: not text
    const decoded = body.toString("latin1");
    if (/\bBT\b/.test(decoded)) contentStreams.push(decoded);
    streamStart.lastIndex = bodyEnd;
  }

  const lines = contentStreams.flatMap(showStrings);
  const text = lines.join("\n");
  return {
    text,
    flat: text.replace(/\s+/g, " ").trim(),
    pageCount: (raw.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length,
    contentStreams,
  };
}

type Operand = string | number | Operand[] | { name: string };

/** The strings a content stream shows, one entry per text-showing operator. */
function showStrings(content: string): string[] {
  const out: string[] = [];
  const stack: Operand[][] = [[]];
  const push = (v: Operand) => stack[stack.length - 1].push(v);
  let i = 0;
  while (i < content.length) {
    const ch = content[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "%") {
      while (i < content.length && content[i] !== "\n" && content[i] !== "\r") i++;
    } else if (ch === "(") {
      const [s, next] = readLiteral(content, i);
      push(s);
      i = next;
    } else if (ch === "<" && content[i + 1] !== "<") {
      const end = content.indexOf(">", i);
      push(decodeHex(content.slice(i + 1, end)));
      i = end + 1;
    } else if (ch === "<" || ch === ">") {
      i += 2; // dictionary delimiters (inline images' parameters); not text
    } else if (ch === "[") {
      stack.push([]);
      i++;
    } else if (ch === "]") {
      const arr = stack.length > 1 ? stack.pop()! : [];
      push(arr);
      i++;
    } else if (ch === "/") {
      let j = i + 1;
      while (j < content.length && !/[\s/[\]()<>]/.test(content[j])) j++;
      push({ name: content.slice(i + 1, j) });
      i = j;
    } else {
      let j = i;
      while (j < content.length && !/[\s/[\]()<>%]/.test(content[j])) j++;
      if (j === i) j++;
      const word = content.slice(i, j);
      i = j;
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
        push(Number(word));
        continue;
      }
      const operands = stack[stack.length - 1];
      if (word === "TJ") {
        const arr = operands[operands.length - 1];
        if (Array.isArray(arr))
          out.push(arr.map((p) => (typeof p === "string" ? p : typeof p === "number" && p < -200 ? " " : "")).join(""));
      } else if (word === "Tj" || word === "'" || word === '"') {
        const s = operands[operands.length - 1];
        if (typeof s === "string") out.push(s);
      }
      if (stack.length === 1) stack[0] = [];
    }
  }
  return out;
}

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, "");
  const even = clean.length % 2 ? `${clean}0` : clean;
  return winAnsi.decode(Buffer.from(even, "hex"));
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, "(": 40, ")": 41, "\\": 92 };

function readLiteral(content: string, start: number): [string, number] {
  const bytes: number[] = [];
  let depth = 1;
  let i = start + 1;
  while (i < content.length && depth > 0) {
    const ch = content[i];
    if (ch === "\\") {
      const next = content[i + 1];
      if (next in ESCAPES) {
        bytes.push(ESCAPES[next]);
        i += 2;
      } else if (/[0-7]/.test(next)) {
        const oct = /^[0-7]{1,3}/.exec(content.slice(i + 1))![0];
        bytes.push(parseInt(oct, 8) & 0xff);
        i += 1 + oct.length;
      } else if (next === "\r" || next === "\n") {
        i += next === "\r" && content[i + 2] === "\n" ? 3 : 2; // line continuation
      } else {
        bytes.push(next.charCodeAt(0));
        i += 2;
      }
      continue;
    }
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (depth > 0) bytes.push(ch.charCodeAt(0) & 0xff);
    i++;
  }
  return [winAnsi.decode(Buffer.from(bytes)), i];
}
