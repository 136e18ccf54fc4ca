import { correctClock, serverNow } from './clock';

describe("the display's clock", () => {
  afterEach(() => correctClock(new Date().toUTCString()));

  it("follows the server's Date header when the tablet's clock is off", () => {
    const received = Date.now();
    // The server says it is ten minutes later than the tablet thinks.
    correctClock(new Date(received + 10 * 60_000).toUTCString(), received);
    expect(serverNow() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(serverNow() - Date.now()).toBeLessThan(11 * 60_000);
  });

  it("keeps the tablet's clock within the header's one-second grain, and without a header", () => {
    const received = Date.now();
    correctClock(new Date(received + 10 * 60_000).toUTCString(), received);
    correctClock(new Date(received + 900).toUTCString(), received);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
    correctClock('not a date');
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });
});
