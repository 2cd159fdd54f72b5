// nodemailer's MIME composer, loaded when the first e-mail is composed: the renderer's PDF and
// e-invoice requests never need it, and importing it is a tenth of the renderer's cold start.
import type MailComposer from 'nodemailer/lib/mail-composer';

export type MimeMessage = ConstructorParameters<typeof MailComposer>[0];

let composer: Promise<typeof MailComposer> | undefined;

/** The message as the bytes of its MIME source. */
export async function mimeBytes(message: MimeMessage): Promise<Buffer> {
  const Composer = await (composer ??= import('nodemailer/lib/mail-composer').then((module) => module.default));
  return new Composer(message).compile().build();
}
