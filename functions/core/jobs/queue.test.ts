import { jobQueue, sqsQueue, type JobWorker } from './queue';
import * as z from 'zod';

/**
 * The planner's side of the fan-out queue (functions/core/jobs/queue.ts). There is no SQS emulator on
 * this machine, so the SQS client is a stand-in here (and only here): it records each
 * SendMessageBatch and answers as SQS does, with the entries it could not take in `Failed`.
 */
const sent = vi.hoisted(
  () => [] as Array<{ QueueUrl: string; Entries: Array<{ Id: string; MessageBody: string }> }>,
);
const refuse = vi.hoisted(() => ({
  next: [] as Array<{ Id: string; SenderFault: boolean; Code: string }[]>,
}));
vi.mock('../aws/sqs', () => ({
  sqs: async () => ({
    SendMessageBatchCommand: class {
      constructor(readonly input: (typeof sent)[number]) {}
    },
    client: {
      send: async (command: { input: (typeof sent)[number] }) => {
        sent.push(structuredClone(command.input));
        return { Failed: refuse.next.shift() ?? [] };
      },
    },
  }),
}));

const URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/spaces-test-cap-poll';

beforeEach(() => {
  sent.length = 0;
  refuse.next = [];
});

describe('the SQS queue', () => {
  it('sends the planned messages as JSON in batches of ten', async () => {
    const messages = Array.from({ length: 23 }, (_, n) => ({ n }));
    await sqsQueue<{ n: number }>(URL).send(messages);
    expect(sent.map((call) => call.Entries.length)).toEqual([10, 10, 3]);
    expect(sent.every((call) => call.QueueUrl === URL)).toBe(true);
    expect(sent.flatMap((call) => call.Entries.map((entry) => JSON.parse(entry.MessageBody)))).toEqual(
      messages,
    );
  });

  it('keeps a batch under 256 KiB, however few its messages', async () => {
    const big = 'x'.repeat(100 * 1024);
    await sqsQueue<{ big: string }>(URL).send([{ big }, { big }, { big }]);
    expect(sent.map((call) => call.Entries.length)).toEqual([2, 1]);
  });

  it('sends again once what SQS could not take, and fails the run when it still cannot', async () => {
    refuse.next = [[{ Id: '1', SenderFault: false, Code: 'ServiceUnavailable' }]];
    await sqsQueue(URL).send([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(sent.map((call) => call.Entries.map((entry) => entry.Id))).toEqual([['0', '1', '2'], ['1']]);

    sent.length = 0;
    refuse.next = [
      [{ Id: '0', SenderFault: false, Code: 'ServiceUnavailable' }],
      [{ Id: '0', SenderFault: false, Code: 'ServiceUnavailable' }],
    ];
    await expect(sqsQueue(URL).send([{ n: 0 }])).rejects.toThrow(/1 of 1 messages were not queued/);

    sent.length = 0;
    refuse.next = [[{ Id: '0', SenderFault: true, Code: 'InvalidMessageContents' }]];
    await expect(sqsQueue(URL).send([{ n: 0 }])).rejects.toThrow(/InvalidMessageContents/);
    expect(sent).toHaveLength(1);
  });
});

describe('the queue as configured', () => {
  const worker: JobWorker<{ n: number }, number> = {
    job: 'cap-poll',
    schema: z.object({ n: z.number() }),
    work: async ({ n }) => n * 2,
  };

  it('is SQS where CAP_POLL_QUEUE_URL names the queue (AWS), and the worker in this process otherwise', async () => {
    const done: number[] = [];
    const local = jobQueue(worker, (report) => done.push(report));
    expect(local.kind).toBe('in-process');
    await local.send([{ n: 1 }, { n: 2 }]);
    expect(done).toEqual([2, 4]);
    expect(sent).toEqual([]);

    process.env.CAP_POLL_QUEUE_URL = URL;
    try {
      const queue = jobQueue(worker, (report) => done.push(report));
      expect(queue.kind).toBe('sqs');
      await queue.send([{ n: 3 }]);
      expect(sent).toHaveLength(1);
      expect(done).toEqual([2, 4]);
    } finally {
      delete process.env.CAP_POLL_QUEUE_URL;
    }
  });

  it('hands the in-process worker each message as SQS would carry it, checked by its schema', async () => {
    const seen: unknown[] = [];
    const strict: JobWorker<{ at: string }, void> = {
      job: 'calendar-pull',
      schema: z.object({ at: z.string() }),
      work: async (message) => void seen.push(message),
    };
    // A Date is sent as JSON text; a message the schema refuses fails alone.
    await jobQueue(strict, () => {}).send([{ at: new Date(0) } as never, { at: 1 } as never]);
    expect(seen).toEqual([{ at: '1970-01-01T00:00:00.000Z' }]);
  });
});
