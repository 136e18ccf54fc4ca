import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';

/** Receives one line of log output for humans. */
export type Log = (line: string) => void;

/** How long a child may take to exit after SIGTERM before it gets SIGKILL. */
const STOP_GRACE_MS = 5_000;
/** Lines of a child's output kept for error messages. */
const TAIL_LINES = 25;
/** Interval between readiness probes. */
const POLL_MS = 100;

/**
 * Shell script of the watchdog: it reads the process group ids of the children from stdin, one a
 * line. Stdin ends when the parent dies, however it dies (even SIGKILL, which no handler sees);
 * the watchdog then terminates every group, and kills what is left after a grace period.
 */
const WATCHDOG_SCRIPT = `
groups=''
while read -r pgid; do groups="$groups -$pgid"; done
[ -n "$groups" ] || exit 0
kill -TERM $groups 2>/dev/null
sleep ${STOP_GRACE_MS / 1000}
kill -KILL $groups 2>/dev/null
exit 0
`;

/**
 * One emulator child process, spawned detached so that it leads its own process group: signals go
 * to the whole group, so nothing it started survives it. Its output goes to the log line by line.
 */
export class ManagedChild {
  /** Settles when the process has ended, with how it ended ("exit code 1", "signal SIGTERM", …). */
  readonly ended: Promise<string>;
  private readonly lines: string[] = [];
  private endedHow: string | undefined;

  constructor(
    readonly label: string,
    private readonly child: ChildProcess,
    log: Log,
  ) {
    for (const stream of [child.stdout, child.stderr]) if (stream) this.forward(stream, log);
    this.ended = new Promise((resolve) => {
      const end = (how: string) => {
        this.endedHow ??= how;
        resolve(this.endedHow);
      };
      child.on('error', (error) => end(`failed to start: ${error.message}`));
      // 'close' comes after the output streams have ended, so the tail is complete by then.
      child.once('close', (code, signal) => end(signal ? `signal ${signal}` : `exit code ${code}`));
    });
  }

  /** The process id, which is also its process group id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Whether the process is still running. */
  get running(): boolean {
    return this.child.pid !== undefined && this.endedHow === undefined;
  }

  /** The last lines the process wrote, for error messages. */
  tail(): string {
    return this.lines.length > 0 ? `\nLast output of ${this.label}:\n  ${this.lines.join('\n  ')}` : '';
  }

  /**
   * Polls `ready` until it answers true. Fails when the process ends first or when `timeoutMs`
   * passes, with the process's last output in the message.
   */
  async waitUntilReady(ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.running) {
      if (await ready()) return;
      if (Date.now() > deadline) {
        throw new Error(`${this.label} was not ready after ${timeoutMs / 1000} s${this.tail()}`);
      }
      await sleep(POLL_MS);
    }
    throw new Error(`${this.label} ended before it was ready (${await this.ended})${this.tail()}`);
  }

  /** Sends `signal` to the whole process group, at once. */
  signal(signal: NodeJS.Signals): void {
    if (!this.running || this.pid === undefined) return;
    try {
      process.kill(-this.pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }

  /** Terminates the process group, and kills it if it is still there after a grace period. */
  async stop(): Promise<void> {
    this.signal('SIGTERM');
    const graceOver = sleep(STOP_GRACE_MS, false, { ref: false });
    const stopped = await Promise.race([this.ended.then(() => true), graceOver]);
    if (!stopped) {
      this.signal('SIGKILL');
      await this.ended;
    }
  }

  private forward(stream: Readable, log: Log): void {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (raw) => {
      const line = stripVTControlCharacters(raw).trimEnd();
      if (!line.trim()) return;
      this.lines.push(line);
      if (this.lines.length > TAIL_LINES) this.lines.shift();
      log(`${this.label}: ${line}`);
    });
  }
}

/**
 * Owns the emulator children and stops them on every way out of the parent: {@link stop}, the
 * process's `exit`, SIGINT, SIGTERM, an uncaught exception, and — through a watchdog process that
 * notices the parent is gone — a crash no handler sees.
 */
export class Supervisor {
  private readonly children: ManagedChild[] = [];
  private readonly watchdog: ChildProcess;
  private stopping: Promise<void> | undefined;

  constructor(private readonly log: Log) {
    this.watchdog = spawn('sh', ['-c', WATCHDOG_SCRIPT], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    this.watchdog.on('error', (error) => log(`watchdog failed to start: ${error.message}`));
    this.watchdog.stdin?.on('error', (error) => log(`watchdog is gone: ${error.message}`));
    process.on('exit', this.onExit);
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
    process.on('uncaughtExceptionMonitor', this.onFatal);
  }

  /**
   * Takes charge of a child spawned with `detached: true` (so that it leads its own process group)
   * and with piped output.
   */
  adopt(label: string, child: ChildProcess): ManagedChild {
    const managed = new ManagedChild(label, child, this.log);
    this.children.push(managed);
    if (child.pid !== undefined) this.watchdog.stdin?.write(`${child.pid}\n`);
    void managed.ended.then((how) => {
      if (!this.stopping && child.pid !== undefined) this.log(`${label} stopped unexpectedly (${how})`);
    });
    return managed;
  }

  /** Stops every child and the watchdog. Idempotent: later calls return the first call's promise. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await Promise.all(this.children.map((child) => child.stop()));
      this.watchdog.kill('SIGKILL');
      process.off('exit', this.onExit);
      process.off('SIGINT', this.onSignal);
      process.off('SIGTERM', this.onSignal);
      process.off('uncaughtExceptionMonitor', this.onFatal);
    })();
    return this.stopping;
  }

  /** The process is exiting and cannot wait: signal at once; the watchdog kills what lingers. */
  private readonly onExit = (): void => {
    for (const child of this.children) child.signal('SIGTERM');
  };

  /**
   * Stops the children, then lets the signal do what it would have done: when no one else listens
   * for it, it is raised again, which ends the process as if we had never listened.
   */
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    this.log(`${signal}: stopping the emulators`);
    void this.stop().then(() => {
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  };

  /** An uncaught exception ends the process unless someone handles it; only then stop. */
  private readonly onFatal = (): void => {
    if (process.listenerCount('uncaughtException') === 0) this.onExit();
  };
}
