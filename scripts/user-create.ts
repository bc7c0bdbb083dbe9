/**
 * `npm run user:create -- --email a@b.c --role vp [--name "A B"]`: creates a member of staff
 * (the first vp of a production console, which starts without the demo accounts). The
 * password is read from stdin (`printf '%s' "$PW" | npm run user:create -- …`) or, at a
 * terminal, prompted for twice without echo — never from the command line, where it would
 * sit in the shell history and the process list.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";

import { createStaffMember, type NewStaff } from "../app/services/auth/staff-accounts.server";
import { openConfiguredDb } from "../app/services/db/client.server";

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** One line from a terminal, not echoed. */
function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing newline (from echo or a file) is not part of the password.
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdin();
  const first = await promptHidden("Password: ");
  const again = await promptHidden("Password again: ");
  if (first !== again) throw new Error("The two passwords differ.");
  return first;
}

const email = option("email");
const role = option("role");
if (!email || !role) {
  console.error(
    "Usage: npm run user:create -- --email <e-mail> --role <vp|kam|legal|avp|bdm|tl> [--name <name>]  (password on stdin or prompted)",
  );
  process.exit(2);
}
const name = option("name") ?? email.split("@")[0];

let exitCode = 0;
const password = await readPassword().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const handle = openConfiguredDb();
try {
  await handle.migrate();
  const result = await createStaffMember(handle.db, { email, role: role as NewStaff["role"], name, password });
  if (result.ok) console.log(`Created ${result.role} ${result.email} (staff id ${result.id}). They can sign in now.`);
  else {
    console.error(result.message);
    exitCode = 1;
  }
} finally {
  await handle.close();
}
process.exit(exitCode);
