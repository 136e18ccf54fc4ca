import type { TestProject } from 'vitest/node';
import { startSystemForTests } from './system';

/** End-to-end tests: the whole system as `npm start` runs it, with the built SPA, on test ports. */
export default function setup(project: TestProject) {
  return startSystemForTests(project, {
    name: 'e2e',
    port: Number(process.env.SPACES_TEST_E2E_PORT ?? 13100),
    web: 'static',
    ports: { dynamodb: 28000, s3: 24569, cognito: 29229, ses: 28005 },
  });
}
