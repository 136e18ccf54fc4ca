/**
 * The variable that names a fan-out job's queue (`cap-poll` → `CAP_POLL_QUEUE_URL`): the CDK jobs
 * stack sets it on the job's planner in AWS; locally it is absent, and the planner hands its
 * messages to the worker in its own process (functions/core/jobs/queue.ts). Imports nothing, so that the
 * CDK app and the jobs' bundles read it alone.
 */
export const queueUrlVariable = (name: string): string =>
  `${name.toUpperCase().replace(/-/g, '_')}_QUEUE_URL`;
