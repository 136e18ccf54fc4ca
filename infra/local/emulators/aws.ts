/** Region the emulators are addressed in; they accept any, and the app's default is this one. */
export const LOCAL_REGION = 'us-east-1';

/**
 * Fake credentials every emulator accepts. s3rver checks request signatures against its one
 * built-in key pair, so the pair is that one; the others accept anything.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Time a readiness or health probe may take before it counts as failed. */
export const PROBE_TIMEOUT_MS = 2_000;

/** Base URL of an emulator on the loopback interface. */
export function localUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** Configuration of an AWS SDK v3 client that talks to an emulator. */
export function clientConfig(endpoint: string) {
  return { endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
}

/** Options for one SDK call that gives up after {@link PROBE_TIMEOUT_MS}. */
export function probeOptions() {
  return { abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS) };
}

/** Whether `probe` succeeds, for readiness polls and for telling what holds a port. */
export async function succeeds(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}
