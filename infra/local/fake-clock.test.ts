import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { shiftDate } from './fake-clock';

/**
 * The fake clock of the local system (docs/testing.md, "A fake clock"): `Date` moved by an offset,
 * and `SPACES_FAKE_NOW` handed from a process to the Node processes it starts.
 */

const fakeClock = fileURLToPath(new URL('./fake-clock.ts', import.meta.url));

describe('shiftDate', () => {
  const RealDate = Date;
  afterEach(() => {
    globalThis.Date = RealDate;
  });

  it('moves now, and only now: dates from a value, parsing and UTC stay as they were', () => {
    const offset = 400 * 86_400_000;
    const before = RealDate.now();
    shiftDate(offset);
    const after = RealDate.now();
    expect(Date.now()).toBeGreaterThanOrEqual(before + offset);
    expect(Date.now()).toBeLessThanOrEqual(RealDate.now() + offset);
    expect(new Date().getTime() - offset).toBeGreaterThanOrEqual(before);
    expect(new Date().getTime() - offset).toBeLessThanOrEqual(RealDate.now());
    expect(Date.parse(Date())).toBeGreaterThanOrEqual(Math.floor((before + offset) / 1000) * 1000);
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date(2027, 2, 28, 1, 30).getTime()).toBe(new RealDate(2027, 2, 28, 1, 30).getTime());
    expect(Date.UTC(2027, 2, 28)).toBe(RealDate.UTC(2027, 2, 28));
    expect(Date.parse('2027-03-28T00:59:00Z')).toBe(1_806_195_540_000);
    // Dates made before and after are the same kind of thing.
    expect(new Date()).toBeInstanceOf(RealDate);
    expect(new RealDate(after)).toBeInstanceOf(Date);
    class Stamp extends Date {}
    expect(new Stamp().getTime()).toBeGreaterThanOrEqual(before + offset);
    expect(new Stamp()).toBeInstanceOf(Stamp);
  });
});

describe('SPACES_FAKE_NOW', () => {
  /** Runs an ES module in a Node process that loads the fake clock first, as the local system starts it. */
  const node = (source: string, env: NodeJS.ProcessEnv) =>
    execFileSync(process.execPath, ['--import', fakeClock, '--input-type=module', '-e', source], {
      env: { ...process.env, NODE_OPTIONS: '', SPACES_FAKE_NOW: '', SPACES_FAKE_NOW_OFFSET_MS: '', ...env },
      encoding: 'utf8',
    });

  it('sets a process to that instant, and the processes it starts to the same clock', () => {
    const started = Date.now();
    const answer = JSON.parse(
      node(
        `
        import { execFileSync } from 'node:child_process';
        const own = Date.now();
        const child = Number(execFileSync(process.execPath, ['-e', 'console.log(Date.now())'], { encoding: 'utf8' }));
        const again = Date.now();
        console.log(JSON.stringify({ own, child, again, options: process.env.NODE_OPTIONS }));
        `,
        { SPACES_FAKE_NOW: '2027-03-28T00:59:00Z' },
      ),
    ) as { own: number; child: number; again: number; options: string };
    const instant = Date.parse('2027-03-28T00:59:00Z');
    // From that instant on, in real time.
    expect(answer.own).toBeGreaterThanOrEqual(instant);
    expect(answer.own - instant).toBeLessThan(Date.now() - started);
    // A child reads the parent's clock, not one started at its own start.
    expect(answer.child).toBeGreaterThanOrEqual(answer.own);
    expect(answer.child).toBeLessThanOrEqual(answer.again);
    expect(answer.options).toContain('--import=file:');
  });

  it("dates the answers of the process's HTTP servers by the fake clock", async () => {
    const header = node(
      `
      import { createServer } from 'node:http';
      const server = createServer((request, response) => response.end('ok'));
      server.listen(0, '127.0.0.1', async () => {
        const response = await fetch('http://127.0.0.1:' + server.address().port + '/');
        console.log(response.headers.get('date'));
        server.close();
      });
      `,
      { SPACES_FAKE_NOW: '2026-07-16T22:55:00Z' },
    ).trim();
    expect(header).toMatch(/^Thu, 16 Jul 2026 22:5\d:\d\d GMT$/);
  });

  it('leaves the clock alone without it, and refuses an instant without its offset', () => {
    const real = Number(node('console.log(Date.now())', {}));
    expect(Math.abs(real - (performance.timeOrigin + performance.now()))).toBeLessThan(60_000);
    expect(() => node('', { SPACES_FAKE_NOW: '2027-03-28 00:59' })).toThrow(
      /SPACES_FAKE_NOW must be an ISO 8601 instant with its offset/,
    );
  });
});
