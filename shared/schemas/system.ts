import * as z from 'zod';

/** `GET /health`: each dependency's state, 'ok' or the name of the error reaching it raised. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  time: z.iso.datetime(),
  dependencies: z.object({
    dynamodb: z.string(),
    s3: z.string(),
    cognito: z.string(),
    ses: z.string(),
  }),
});
