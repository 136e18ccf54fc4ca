import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  CloudFormationClient,
  DescribeStacksCommand,
  type DescribeStacksCommandOutput,
} from '@aws-sdk/client-cloudformation';
import { resetEnvCache } from '@core/env';
import { adminEmailTaken } from '@core/people/admin-store';
import { findEmailOwner } from '@core/people/user-store';
import { AppError } from '@core/errors';
import { createAdminUser } from '../functions/platform/admins';
import { DEFAULT_REGION, EDGE_REGION, UNCONFIGURED_APP_URL } from '../infra/cdk/config';
import { newAdminSchema } from '@shared/schemas/admins';

/**
 * `npm run create-admin -- --stage prod --region eu-west-2 --email ops@example.com --first-name Ada
 * --last-name Lovelace`: a super admin for a deployed stage, whose admin user pool and table start
 * empty (docs/first-admin.md). The password comes from SPACES_ADMIN_PASSWORD or, on a terminal, from
 * a prompt that does not show it. The stage's table, bucket, user pools and app clients are read
 * from the CloudFormation outputs of `Spaces-<stage>-Data` and `Spaces-<stage>-Auth`; the admin is
 * made by `createAdminUser`, as the local seed makes the demo admin (the Cognito login, the admin
 * item, its e-mail guard and the platform's count of active admins).
 */

/** What the script needs of a deployed stage (the stacks' outputs, docs/first-admin.md). */
export interface StageOutputs {
  stage: string;
  region: string;
  tableName: string;
  uploadsBucket: string;
  clientUserPoolId: string;
  clientUserPoolClientId: string;
  adminUserPoolId: string;
  adminUserPoolClientId: string;
  /** The Web stack's `AppUrl` (in us-east-1), when it could be read. */
  appUrl?: string;
}

export interface FirstAdminInput {
  email: string;
  firstName: string;
  lastName?: string;
  password: string;
}

/** A refusal the operator can act on: printed as it is, and the script exits with 1. */
export class CreateAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateAdminError';
  }
}

/** The one call the script makes to CloudFormation (the SDK client, or a fake of its `send`). */
export interface CloudFormation {
  send(command: DescribeStacksCommand): Promise<DescribeStacksCommandOutput>;
}

const realCloudFormation = (region: string): CloudFormation => new CloudFormationClient({ region });

/** CloudFormation answers a stack name it does not know with a ValidationError "… does not exist". */
function isMissingStack(error: unknown): boolean {
  const { name, message } = error as { name?: string; message?: string };
  return name === 'ValidationError' && /does not exist/i.test(message ?? '');
}

interface StackFound {
  status: string;
  outputs: Record<string, string>;
}

async function describeStack(cloudFormation: CloudFormation, stackName: string): Promise<StackFound | null> {
  try {
    const { Stacks } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
    const stack = Stacks?.[0];
    if (!stack) return null;
    const outputs: Record<string, string> = {};
    for (const { OutputKey, OutputValue } of stack.Outputs ?? []) {
      if (OutputKey && OutputValue) outputs[OutputKey] = OutputValue;
    }
    return { status: stack.StackStatus ?? 'UNKNOWN', outputs };
  } catch (error) {
    if (isMissingStack(error)) return null;
    throw error;
  }
}

/** The outputs named, or a refusal naming the first one missing. */
async function requiredOutputs<K extends string>(
  cloudFormation: CloudFormation,
  stackName: string,
  region: string,
  keys: readonly K[],
): Promise<Record<K, string>> {
  const stack = await describeStack(cloudFormation, stackName);
  if (!stack) throw new CreateAdminError(`Stack ${stackName} not found in ${region}: deploy the stage first`);
  const found = {} as Record<K, string>;
  for (const key of keys) {
    const value = stack.outputs[key];
    if (!value) {
      throw new CreateAdminError(
        `Stack ${stackName} (${stack.status}) has no output ${key}: deploy the stage with this version first`,
      );
    }
    found[key] = value;
  }
  return found;
}

/**
 * Reads the stage's table, uploads bucket, user pools and the API's app clients from the outputs
 * of `Spaces-<stage>-Data` and `Spaces-<stage>-Auth` in `region`, and the app's URL from
 * `Spaces-<stage>-Web` in us-east-1 (left out when that stack or output cannot be read).
 */
export async function readStageOutputs(
  stage: string,
  region: string,
  cloudFormation: (region: string) => CloudFormation = realCloudFormation,
): Promise<StageOutputs> {
  const stageStacks = cloudFormation(region);
  const data = await requiredOutputs(stageStacks, `Spaces-${stage}-Data`, region, [
    'TableName',
    'UploadsBucketName',
  ]);
  const auth = await requiredOutputs(stageStacks, `Spaces-${stage}-Auth`, region, [
    'ClientUserPoolId',
    'ClientUserPoolClientId',
    'AdminUserPoolId',
    'AdminUserPoolClientId',
  ]);
  return {
    stage,
    region,
    tableName: data.TableName,
    uploadsBucket: data.UploadsBucketName,
    clientUserPoolId: auth.ClientUserPoolId,
    clientUserPoolClientId: auth.ClientUserPoolClientId,
    adminUserPoolId: auth.AdminUserPoolId,
    adminUserPoolClientId: auth.AdminUserPoolClientId,
    appUrl: await readAppUrl(cloudFormation(EDGE_REGION), `Spaces-${stage}-Web`),
  };
}

/** Only for the message printed at the end: a Web stack that cannot be read is no reason to stop. */
async function readAppUrl(cloudFormation: CloudFormation, stackName: string): Promise<string | undefined> {
  try {
    return (await describeStack(cloudFormation, stackName))?.outputs.AppUrl;
  } catch (error) {
    const { name, message } = error as Error;
    process.stderr.write(`Could not read ${stackName} in ${EDGE_REGION} (${name}: ${message}); going on\n`);
    return undefined;
  }
}

/** Where the new admin signs in (the SPA's admin sign-in page, docs/first-admin.md). */
export const signInUrl = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/admin/login`;

/** Where each field of the form comes from, before its message. */
const sources: Record<string, string> = {
  email: '--email',
  first_name: '--first-name',
  last_name: '--last-name',
  password: 'Password',
};
const problem = (field: string, message: string) =>
  // The password rule's message names the password already.
  message.startsWith(sources[field] ?? field) ? message : `${sources[field] ?? field}: ${message}`;

/**
 * The input checked as the admin area's form checks a new admin (the product's e-mail, name and
 * password rules, with their messages); the e-mail trimmed and in lower case, as the API keeps it.
 */
export function checkAdminInput(input: FirstAdminInput): FirstAdminInput {
  const parsed = newAdminSchema.safeParse({
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    password: input.password,
  });
  if (!parsed.success) {
    throw new CreateAdminError(
      parsed.error.issues.map((issue) => problem(String(issue.path[0]), issue.message)).join('\n'),
    );
  }
  const { email, first_name, last_name, password } = parsed.data;
  return { email, firstName: first_name, lastName: last_name, password };
}

/**
 * The configuration functions/core/env.ts reads, for the stage: MAIL_FROM and APP_URL are required
 * there but making an admin sends no mail and builds no link.
 */
export function stageEnvironment(outputs: StageOutputs): Record<string, string> {
  return {
    STAGE: outputs.stage,
    AWS_REGION: outputs.region,
    TABLE_NAME: outputs.tableName,
    UPLOADS_BUCKET: outputs.uploadsBucket,
    CLIENT_USER_POOL_ID: outputs.clientUserPoolId,
    CLIENT_USER_POOL_CLIENT_ID: outputs.clientUserPoolClientId,
    ADMIN_USER_POOL_ID: outputs.adminUserPoolId,
    ADMIN_USER_POOL_CLIENT_ID: outputs.adminUserPoolClientId,
    MAIL_FROM: 'no-reply@example.invalid',
    APP_URL: outputs.appUrl ?? UNCONFIGURED_APP_URL,
  };
}

/**
 * Makes an active super admin in the stage the outputs name, with no creator (as the seed's first
 * admin): the Cognito login in the admin pool, then the admin item, its e-mail guard and the
 * platform's active admins in one transaction. An e-mail already an admin's is refused before
 * anything is written (and, should another admin take it meanwhile, by the transaction, which
 * removes the login again). Answers the admin's id.
 */
export async function createFirstAdmin(outputs: StageOutputs, input: FirstAdminInput): Promise<string> {
  const admin = checkAdminInput(input);
  Object.assign(process.env, stageEnvironment(outputs));
  resetEnvCache();
  if (await findEmailOwner('admin', admin.email)) throw new CreateAdminError(adminEmailTaken().message);
  try {
    return await createAdminUser(admin);
  } catch (error) {
    if (error instanceof AppError) throw new CreateAdminError(error.message);
    throw error;
  }
}

const usage = `Usage: npm run create-admin -- --stage <stage> [--region <region>] --email <e-mail>
         --first-name <name> [--last-name <name>]

Creates a super admin in a deployed stage (docs/first-admin.md). The password is read from
SPACES_ADMIN_PASSWORD, or asked for when run in a terminal. --region is the stage's region
(default ${DEFAULT_REGION}).`;

/** Asks for a line on the terminal without showing what is typed (nor any echo of it). */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    process.stderr.write(question);
    // readline echoes each key to its output; this output shows nothing.
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
    const prompt = createInterface({ input: process.stdin, output: silent, terminal: true });
    let answered = false;
    const cancel = () => {
      process.stderr.write('\n');
      prompt.close();
    };
    prompt.on('SIGINT', cancel);
    prompt.on('close', () => {
      if (!answered) reject(new CreateAdminError('Cancelled: no admin created'));
    });
    prompt.question('', (answer) => {
      answered = true;
      process.stderr.write('\n');
      prompt.close();
      resolve(answer);
    });
  });
}

async function readPassword(): Promise<string> {
  const fromEnvironment = process.env.SPACES_ADMIN_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) {
    throw new CreateAdminError(
      'Set SPACES_ADMIN_PASSWORD, or run the script in a terminal to be asked for it',
    );
  }
  const password = await askHidden('Password: ');
  if ((await askHidden('Password again: ')) !== password) {
    throw new CreateAdminError('The two passwords differ: no admin created');
  }
  return password;
}

async function main(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        stage: { type: 'string' },
        region: { type: 'string', default: DEFAULT_REGION },
        email: { type: 'string', default: '' },
        'first-name': { type: 'string', default: '' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CreateAdminError(`${(error as Error).message}\n\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  if (!values.stage) throw new CreateAdminError(`--stage is required\n\n${usage}`);
  const { stage, region } = values;
  // Checked before AWS is asked anything: a weak password or a mistyped e-mail fails at once.
  const input = checkAdminInput({
    email: values.email,
    firstName: values['first-name'],
    lastName: values['last-name'],
    password: await readPassword(),
  });
  // The stage in AWS, never an emulator that the shell's environment may still point at.
  for (const name of [
    'DYNAMODB_ENDPOINT',
    'S3_ENDPOINT',
    'COGNITO_ENDPOINT',
    'SES_ENDPOINT',
    'COGNITO_ISSUER_BASE',
  ]) {
    delete process.env[name];
  }
  const outputs = await readStageOutputs(stage, region);
  const adminId = await createFirstAdmin(outputs, input);
  console.log(`Created super admin ${adminId} (${input.email}) in stage ${stage} (${region}).`);
  if (outputs.appUrl) console.log(`Sign in at ${signInUrl(outputs.appUrl)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof CreateAdminError) console.error(error.message);
      else {
        const { name, message } = error as Error;
        console.error(
          `Failed: ${name}: ${message}\n(docs/first-admin.md: the credentials and permissions it needs)`,
        );
      }
      process.exit(1);
    },
  );
}
