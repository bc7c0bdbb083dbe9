/**
 * Outgoing e-mail. With SMTP_URL set, messages go to that SMTP server (nodemailer); without
 * it they are written as .eml files to DATA_DIR/outbox so a demo machine needs no mail server
 * and every message can still be read.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import nodemailer, { type Transporter } from "nodemailer";

import { dataDir } from "../core/env.server";

export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type MailMessage = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export const MAIL_FROM = process.env.MAIL_FROM || "Shipping Console <no-reply@console.demo.test>";

let smtp: Transporter | undefined;
let smtpUrl: string | undefined;

function smtpTransport(url: string): Transporter {
  if (!smtp || smtpUrl !== url) {
    smtp = nodemailer.createTransport(url);
    smtpUrl = url;
  }
  return smtp;
}

export function outboxDir(): string {
  return path.join(dataDir(), "outbox");
}

/** Sends one message now; throws when the SMTP server refuses or cannot be reached. */
export async function deliver(message: MailMessage, id: string | number): Promise<string> {
  const mail = {
    from: MAIL_FROM,
    to: message.to.join(", "),
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
  };
  const url = process.env.SMTP_URL;
  if (url) {
    const info = await smtpTransport(url).sendMail(mail);
    return `smtp:${info.messageId}`;
  }
  const eml = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await eml.sendMail(mail);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${String(id).padStart(8, "0")}.eml`);
  await writeFile(file, info.message as Buffer);
  return `file:${file}`;
}
