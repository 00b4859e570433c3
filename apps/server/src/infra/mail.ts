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
  /** Where SMTP delivery failures go (they happen after send() returned). */
  onDeliveryError?: (error: unknown) => void;
}

/**
 * Every message is first written to the outbox table (the embedded default, readable on
 * /dev/outbox); `send` returns once it is stored. With SMTP_URL it is then delivered through
 * SMTP in the background and marked sent. Not waiting for the mail server keeps answers fast and
 * keeps their timing from telling whether a message went out (password reset must answer the
 * same for known and unknown accounts). Unsent rows stay in the outbox for a retrying worker.
 */
export function createMailPort(options: MailOptions): MailPort {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const deliver = async (id: string, message: MailMessage) => {
    await transport!.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    await options.db.query("UPDATE outbox_messages SET sent_at = $2 WHERE id = $1", [
      id,
      options.now(),
    ]);
  };
  return {
    async send(message) {
      const id = await writeOutbox(
        options.db,
        {
          channel: "email",
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          link: message.link ?? null,
        },
        options.now(),
      );
      if (transport) {
        deliver(id, message).catch((error: unknown) => options.onDeliveryError?.(error));
      }
    },
  };
}
