import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import * as z from 'zod';
import { localUrl, PROBE_TIMEOUT_MS } from './aws';
import { EMULATOR_LABELS } from './ports';
import type { ManagedChild, Supervisor } from './processes';

const READY_TIMEOUT_MS = 30_000;
const SES_LOCAL_CLI = createRequire(import.meta.url).resolve('aws-ses-v2-local/dist/cli.js');

/** What the emulator answers to SESv2 GetAccount (the health check asks it): sending enabled. */
const LOCAL_SES_ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Spaces on one machine',
    WebsiteURL: 'http://localhost:3000',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
};

/** One e-mail the app sent through aws-ses-v2-local. */
export interface SentMail {
  from: string;
  to: string[];
  subject: string;
  html: string | undefined;
  text: string | undefined;
  /** Its attachments as sent (SESv2 `Content.Simple.Attachments`), e.g. an invitation's `invite.ics`. */
  attachments: SentAttachment[];
  /** When the emulator received it (to the second). */
  at: Date;
}

/** A file attached to a sent e-mail. */
export interface SentAttachment {
  filename: string | undefined;
  contentType: string;
  content: Buffer;
}

/** The part of aws-ses-v2-local's `GET /store` answer that {@link readMailbox} reads. */
const storeSchema = z.object({
  emails: z.array(
    z.object({
      from: z.string(),
      destination: z.object({ to: z.array(z.string()) }),
      subject: z.string(),
      body: z.object({ html: z.string().optional(), text: z.string().optional() }),
      /** Each attachment's content is base64, as the API received it. */
      attachments: z
        .array(z.object({ filename: z.string().optional(), contentType: z.string(), content: z.string() }))
        .default([]),
      at: z.number(),
    }),
  ),
});

/** Whether aws-ses-v2-local answers on `port` (its `/health-check` route). */
export async function answersLikeSes(port: number): Promise<boolean> {
  try {
    return (await fetch(`${localUrl(port)}/health-check`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }))
      .ok;
  } catch {
    return false;
  }
}

/**
 * Starts aws-ses-v2-local on 127.0.0.1:`port`. The app's SESv2Client needs only
 * `endpoint: http://127.0.0.1:<port>` (any region and credentials). Sent mail is kept in the
 * emulator's memory: its page at that address lists it, `GET /store` returns it as JSON, and it is
 * gone when the emulator stops.
 */
export async function startSes(supervisor: Supervisor, { port }: { port: number }): Promise<ManagedChild> {
  const child = supervisor.adopt(
    EMULATOR_LABELS.ses,
    spawn(process.execPath, [SES_LOCAL_CLI, '--host', '127.0.0.1', '--port', String(port)], {
      env: { ...process.env, AWS_SES_ACCOUNT: JSON.stringify(LOCAL_SES_ACCOUNT) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await child.waitUntilReady(() => answersLikeSes(port), READY_TIMEOUT_MS);
  return child;
}

/**
 * Every e-mail aws-ses-v2-local at `mailboxUrl` has received, oldest first. Test files, which run
 * apart from the process that started the emulators, call it with `inject('mailboxUrl')`.
 */
export async function readMailbox(mailboxUrl: string): Promise<SentMail[]> {
  const response = await fetch(new URL('/store', mailboxUrl), {
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`aws-ses-v2-local answered ${response.status} to GET /store`);
  return storeSchema.parse(await response.json()).emails.map((mail) => ({
    from: mail.from,
    to: mail.destination.to,
    subject: mail.subject,
    html: mail.body.html,
    text: mail.body.text,
    attachments: mail.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.content, 'base64'),
    })),
    at: new Date(mail.at * 1000),
  }));
}
