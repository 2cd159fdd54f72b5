// The invitation e-mail: who invites the recipient to which organization, as what and until when, and
// the one-time link, in the organization's language; MIME built by nodemailer's composer.
import { htmlText } from '#shared/documents/html-text';
import { DOCUMENT_LANGUAGES } from '#shared/domain/locale';
import type { Role } from '#shared/domain/roles';
import { senderAddress } from '#shared/email/invoice-email';
import { mimeBytes } from '#shared/email/mime';

type Words = {
  subject: (organization: string) => string;
  body: (organization: string, role: string, until: string) => string;
  accept: string;
  ignore: string;
  roles: Record<Role, string>;
};

const WORDS: Record<(typeof DOCUMENT_LANGUAGES)[number], Words> = {
  en: {
    subject: (organization) => `You are invited to join ${organization}`,
    body: (organization, role, until) =>
      `You are invited to join ${organization} as ${role}. The invitation is valid until ${until} and can be used once.`,
    accept: 'Accept the invitation',
    ignore: 'If you did not expect this invitation, ignore this e-mail.',
    roles: { owner: 'owner', admin: 'admin', member: 'member' },
  },
  de: {
    subject: (organization) => `Einladung zu ${organization}`,
    body: (organization, role, until) =>
      `Sie sind eingeladen, ${organization} als ${role} beizutreten. Die Einladung gilt bis ${until} und nur einmal.`,
    accept: 'Einladung annehmen',
    ignore: 'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.',
    roles: { owner: 'Inhaber', admin: 'Administrator', member: 'Mitglied' },
  },
  fr: {
    subject: (organization) => `Invitation à rejoindre ${organization}`,
    body: (organization, role, until) =>
      `Vous êtes invité à rejoindre ${organization} en tant que ${role}. L'invitation est valable jusqu'au ${until}, une seule fois.`,
    accept: "Accepter l'invitation",
    ignore: "Si vous n'attendiez pas cette invitation, ignorez cet e-mail.",
    roles: { owner: 'propriétaire', admin: 'administrateur', member: 'membre' },
  },
  es: {
    subject: (organization) => `Invitación a ${organization}`,
    body: (organization, role, until) =>
      `Le invitan a unirse a ${organization} como ${role}. La invitación es válida hasta ${until} y una sola vez.`,
    accept: 'Aceptar la invitación',
    ignore: 'Si no esperaba esta invitación, ignore este correo.',
    roles: { owner: 'propietario', admin: 'administrador', member: 'miembro' },
  },
};

export type InvitationEmail = {
  from: string;
  to: string;
  organization: string;
  role: Role;
  /** The instant it expires, written as a UTC date and time. */
  expiresAt: string;
  link: string;
  locale?: string;
};

export async function composeInvitationEmail(email: InvitationEmail): Promise<Buffer> {
  const language = (DOCUMENT_LANGUAGES as readonly string[]).includes(email.locale?.slice(0, 2) ?? '')
    ? (email.locale!.slice(0, 2) as keyof typeof WORDS)
    : 'en';
  const words = WORDS[language];
  const until = `${email.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const body = words.body(email.organization, words.roles[email.role], until);
  const text = [body, '', `${words.accept}: ${email.link}`, '', words.ignore].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family: sans-serif; color: #1a1a1a">
<p>${htmlText(body)}</p>
<p><a href="${htmlText(email.link)}">${htmlText(words.accept)}</a></p>
<p>${htmlText(words.ignore)}</p>
</body></html>`;
  return mimeBytes({
    from: { name: email.organization, address: senderAddress(email.from) },
    to: email.to,
    subject: words.subject(email.organization),
    text,
    html,
  });
}
