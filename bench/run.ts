import { run as bookings } from './bookings.bench';
import { run as calendars } from './calendars.bench';
import { run as cap } from './cap.bench';
import { run as contract } from './contract.bench';
import { run as displays } from './displays.bench';
import { run as fleet } from './fleet.bench';
import { run as dynamodbCalls } from './dynamodb-calls.bench';
import { run as invitations } from './invitations.bench';
import { run as lambda } from './lambda.bench';
import { run as load } from './load.bench';
import { run as recurrence } from './recurrence.bench';
import { run as web } from './web.bench';

/**
 * `npm run bench`: figures as sizes, ratios and times; nothing here passes or fails.
 * `npm run bench -- <name>…` runs only the suites named (lambda, dynamodb, load, web, contract,
 * recurrence, bookings, cap, displays, calendars, invitations, fleet); options (`--quick`, …) go to
 * the suites that read them.
 */
const suites = [
  ['lambda', 'Lambda bundles (esbuild as in CDK; cold start as a whole process, median of 9)', lambda],
  ['dynamodb', 'DynamoDB calls per request', dynamodbCalls],
  ['load', 'API under load (autocannon against the local system)', load],
  ['web', 'Web: what each route loads, and Lighthouse', web],
  ['contract', 'API contract suite', contract],
  ['recurrence', 'Recurrence engine', recurrence],
  ['bookings', 'Bookings: month view, long series, the 50-way race', bookings],
  ['cap', 'CAP job: alert feeds of many spaces', cap],
  ['displays', 'Room displays polling their state', displays],
  ['calendars', 'Linked calendars: a 1,000-event import, bookings pushed', calendars],
  ['invitations', 'Invitations read as calendar clients do (ical.js, node-ical)', invitations],
  [
    'fleet',
    'A fleet of room displays on the push channel: costs, change-to-display, a reconnect storm, the cost model',
    fleet,
  ],
] as const;

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const [name, title, suite] of suites) {
  if (wanted.length && !wanted.includes(name)) continue;
  process.stdout.write(`\n${title}\n`);
  for (const { name: row, value } of await suite()) process.stdout.write(`  ${row.padEnd(40)} ${value}\n`);
}
process.exit(0);
