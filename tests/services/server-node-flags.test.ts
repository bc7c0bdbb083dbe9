/** `npm start` runs the server with the Node flags the browser tests and benchmarks start it with (scripts/lib/server-node.mjs). */
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { SERVER_NODE_FLAGS, serverNodeArgs } from "../../scripts/lib/server-node.mjs";

describe("the server's Node flags", () => {
  it("are in npm start's command, before the script, and in every other start of it", () => {
    const start: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    for (const flag of SERVER_NODE_FLAGS) expect(start.indexOf(flag), flag).toBeGreaterThan(-1);
    for (const flag of SERVER_NODE_FLAGS) expect(start.indexOf(flag)).toBeLessThan(start.indexOf("scripts/launch.mjs"));
    expect(serverNodeArgs(["--cpu-prof"])).toEqual([
      ...SERVER_NODE_FLAGS,
      "--cpu-prof",
      "--import",
      "tsx",
      "scripts/start.ts",
    ]);
  });
});
