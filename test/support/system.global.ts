import type { TestProject } from 'vitest/node';
import { startSystemForTests } from './system';

/** End-to-end tests: the whole system as `npm start` runs it, with the built SPA, on test ports. */
export default function setup(project: TestProject) {
  return startSystemForTests(project, {
    name: 'e2e',
    port: Number(process.env.SPACES_TEST_E2E_PORT ?? 13100),
    web: 'static',
    ports: { dynamodb: 28100, s3: 24669, cognito: 29329, ses: 28105 },
  });
}
