import type { DeviceItem } from './entities';
import { db } from './entities';
import { runSteps } from './transactions';
import { Conflict } from '../http/errors';

/**
 * Devices and their activation codes (docs/data-model.md): a device item by id, and a code item
 * per code in force, written together, so two devices never show the same code at once.
 */

const codeTaken = () => new Conflict('That activation code is taken');

/**
 * Writes a new device with its code, on condition that no device holds that code in force
 * (an expired one is overwritten). Answers false when the code is taken.
 */
export async function insertDevice(device: DeviceItem, codeTtl: number): Promise<boolean> {
  try {
    await runSteps((e) => [
      [
        e.deviceCode
          .put({
            code: device.code,
            device_id: device.device_id,
            expires_at: device.code_expires_at,
            ttl: codeTtl,
          })
          .where((attr, op) => `${op.notExists(attr.code)} OR ${op.lt(attr.expires_at, device.created_at)}`)
          .commit(),
        codeTaken,
      ],
      [e.device.create(device).commit(), codeTaken],
    ]);
    return true;
  } catch (error) {
    if (error instanceof Conflict) return false;
    throw error;
  }
}

/**
 * Counts one request of `subject` in the window that starts at `window` (epoch seconds); answers
 * the count so far, this one included. The counter expires with its window.
 */
export async function countRequest(subject: string, window: number, windowSeconds: number): Promise<number> {
  const { data } = await db()
    .entities.rateCounter.update({ subject, window })
    .add({ count: 1 })
    .set({ ttl: window + windowSeconds * 2 })
    .go({ response: 'all_new' });
  return data.count ?? 1;
}
