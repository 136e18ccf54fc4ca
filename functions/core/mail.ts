import { ses } from './aws/ses';
import { env } from './env';

/** A file sent with a mail, e.g. an iCalendar invitation (`invite.ics`, `text/calendar; method=REQUEST`). */
export interface MailAttachment {
  filename: string;
  /** The MIME type with its parameters (at most 78 characters, as SES takes it). */
  contentType: string;
  /** Text is sent as UTF-8. */
  content: string | Uint8Array;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export async function sendMail(mail: Mail): Promise<void> {
  const aws = await ses();
  await aws.client.send(
    new aws.SendEmailCommand({
      FromEmailAddress: env().MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          ...(mail.attachments?.length
            ? {
                Attachments: mail.attachments.map((attachment) => ({
                  FileName: attachment.filename,
                  ContentType: attachment.contentType,
                  ContentDisposition: 'ATTACHMENT' as const,
                  // Base64 keeps the content byte for byte (an iCalendar file's CRLF line ends).
                  ContentTransferEncoding: 'BASE64' as const,
                  RawContent:
                    typeof attachment.content === 'string'
                      ? new TextEncoder().encode(attachment.content)
                      : attachment.content,
                })),
              }
            : {}),
        },
      },
    }),
  );
}

/** Escapes text for an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
