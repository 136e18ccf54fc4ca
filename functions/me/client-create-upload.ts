import { uploadRequestSchema } from '../../shared/schemas/uploads';
import { route } from '../http/route';
import { createUpload } from '../services/uploads';

export const handler = route({ auth: 'client', body: uploadRequestSchema }, async ({ principal, body }) => ({
  result: await createUpload(principal, body),
}));
