import nodemailer from "nodemailer";
import type { Db } from "./db";
import { writeOutbox } from "./outbox";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (confirm, reset), shown clickable on /dev/outbox. */
  link?: string;
}

/** The mail port: account e-mails (confirmation, password reset). */
export interface MailPort {
  send(message: MailMessage): Promise<void>;
}

export interface MailOptions {
  db: Db;
  now: () => Date;
  smtpUrl: string | null;
  from: string;
}

/**
 * Every message is written to the outbox table (the embedded default, readable on /dev/outbox);
 * with SMTP_URL it is also sent through SMTP and marked sent. A failing SMTP server is the
 * caller's error: password reset and confirmation must not pretend to have sent anything.
 */
export function createMailPort(options: MailOptions): MailPort {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      let sentAt: Date | null = null;
      if (transport) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        sentAt = options.now();
      }
      await writeOutbox(
        options.db,
        {
          channel: "email",
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          link: message.link ?? null,
        },
        options.now(),
        sentAt,
      );
    },
  };
}
