import { inject } from 'vitest';
import { resetEnvCache } from '@core/env';

// API test files may build their scenario through the services, against the same emulators.
Object.assign(process.env, inject('emulatorEnv'), {
  MAIL_FROM: 'Spaces <no-reply@spaces.test>',
  APP_URL: inject('baseUrl'),
  LOG_LEVEL: 'ERROR',
});
resetEnvCache();
