import type { TestProject } from 'vitest/node';
import { startSystemForTests } from './system';

/** API tests: emulators, demo data and the API (no web) on test ports. */
export default function setup(project: TestProject) {
  return startSystemForTests(project, {
    name: 'api',
    port: Number(process.env.SPACES_TEST_API_PORT ?? 13000),
    web: 'none',
    ports: { dynamodb: 18000, s3: 14569, cognito: 19229, ses: 18005 },
  });
}
