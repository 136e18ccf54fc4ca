import type { TestProject } from 'vitest/node';
import { useSystem } from './system';

/** API and end-to-end tests: the whole system, started once per run (test/support/system.ts). */
export default function setup(project: TestProject) {
  return useSystem(project);
}
