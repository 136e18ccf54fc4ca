import { logger } from '../http/logger';
import { runCapPoll } from '../services/cap-poll';

export { runCapPoll };

/**
 * The CAP job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every minute; the event
 * carries nothing it needs. A run logs its report; feeds that fail are in it, not thrown.
 */
export const handler = async (): Promise<unknown> => {
  const report = await runCapPoll();
  logger.info('CAP poll', { report });
  return report;
};
