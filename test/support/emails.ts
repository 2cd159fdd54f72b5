// The e-mails the SES emulator holds, as a person would read them.
import { inject } from 'vitest';

export type StoredEmail = {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text: string; html: string };
  attachments: { filename: string; contentType: string; content: string }[];
};

/** The stored e-mail SES answered `messageId` for. */
export async function storedEmail(messageId: string): Promise<StoredEmail> {
  const store = (await (await fetch(`${inject('sesEndpoint')}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails.find((email) => email.messageId === messageId)!;
}

/** Every stored e-mail to `address`, oldest first. */
export async function emailsTo(address: string): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${inject('sesEndpoint')}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails.filter((email) => email.destination.to.some((to) => to.includes(address)));
}
