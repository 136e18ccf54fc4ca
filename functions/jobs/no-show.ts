import { logger } from '../http/logger';
import { runNoShowRelease } from '../services/no-show';

export { runNoShowRelease };

/** The no-show job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every minute. */
export const handler = async (): Promise<unknown> => {
  const report = await runNoShowRelease();
  logger.info('No-show release', { report });
  return report;
};
