import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { ROLE_LABELS, type Role } from '#contract/people';

// Invitations by e-mail (docs/api.md#invitations, docs/decisions/0160): the link goes to the
// invited address through SMTP_RELAY_URL, after the invitation is committed. The request waits
// for the relay's answer (at most `timeoutMs`) so that the inviter learns whether it went out; a
// relay that refuses or does not answer leaves the link to be copied, as without a relay.

export interface InvitationMail {
  to: string;
  teamName: string;
  role: Role;
  invitedBy: string;
  url: string;
  expiresAt: Date;
}

export interface InvitationMailer {
  /** Sends the mail; never throws: `failed` when the relay refused or did not answer in time. */
  send(mail: InvitationMail): Promise<'sent' | 'failed'>;
  close(): void;
}

/** The subject and text of an invitation e-mail. */
export function invitationText(mail: InvitationMail): { subject: string; text: string } {
  const role = ROLE_LABELS[mail.role].toLowerCase();
  const until = mail.expiresAt.toUTCString().replace(/:\d\d GMT$/, ' UTC');
  return {
    subject: `${mail.invitedBy} invited you to ${mail.teamName} on Campaign Console`,
    text: [
      `${mail.invitedBy} invited you to join ${mail.teamName} on Campaign Console as ${an(role)} ${role}.`,
      '',
      'Open this link to choose your name and password:',
      mail.url,
      '',
      `The link works once, until ${until}. If you did not expect this invitation, ignore this`,
      'e-mail: nothing happens unless the link is opened.',
    ].join('\n'),
  };
}

const an = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

export function createInvitationMailer(options: {
  relayUrl: string;
  from: string;
  logger: Logger;
  /** How long the relay may take to accept a message (default 10 s). */
  timeoutMs?: number;
}): InvitationMailer {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: options.relayUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(mail) {
      const { subject, text } = invitationText(mail);
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject,
          text,
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        return 'sent';
      } catch (err) {
        // The link is a secret: the log names the address, never the URL.
        options.logger.warn({ err, to: mail.to }, 'e-mailing an invitation failed');
        return 'failed';
      }
    },
    close() {
      transport.close();
    },
  };
}
