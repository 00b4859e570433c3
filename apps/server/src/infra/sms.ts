import type { Db } from "./db";
import { writeOutbox } from "./outbox";

export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  text: string;
  link?: string;
}

/**
 * The SMS port: one-time codes and links. The embedded default only writes the outbox table
 * (readable on /dev/outbox); an SMS gateway adapter implements the same interface.
 */
export interface SmsPort {
  send(message: SmsMessage): Promise<void>;
}

export function createOutboxSmsPort(options: { db: Db; now: () => Date }): SmsPort {
  return {
    async send(message) {
      await writeOutbox(
        options.db,
        {
          channel: "sms",
          recipient: message.to,
          subject: null,
          body: message.text,
          link: message.link ?? null,
        },
        options.now(),
      );
    },
  };
}
