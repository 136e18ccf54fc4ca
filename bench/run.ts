import { run as recurrence } from './recurrence.bench';
import { run as lambda } from './lambda.bench';
import { run as dynamodbCalls } from './dynamodb-calls.bench';

/** `npm run bench`: figures as sizes, ratios and times; nothing here passes or fails. */
const suites = [
  ['Lambda bundles (esbuild as in CDK; cold import in a fresh Node process, median of 7)', lambda],
  ['DynamoDB calls per request (configuration slice)', dynamodbCalls],
  ['Recurrence engine', recurrence],
] as const;

for (const [title, suite] of suites) {
  process.stdout.write(`\n${title}\n`);
  for (const { name, value } of await suite()) process.stdout.write(`  ${name.padEnd(34)} ${value}\n`);
}
process.exit(0);
