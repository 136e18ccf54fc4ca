import {
  CloudFormationClient,
  CloudFormationServiceException,
  type DescribeStacksCommand,
  type DescribeStacksCommandOutput,
  type Output,
  type StackStatus,
} from '@aws-sdk/client-cloudformation';
import {
  checkAdminInput,
  readStageOutputs,
  signInUrl,
  stageEnvironment,
  type CloudFormation,
} from '../../scripts/create-admin';

/**
 * `npm run create-admin` (docs/first-admin.md), the part that reads a deployed stage: CloudFormation
 * has no emulator here, so these tests fake the CloudFormation client at its `send`, answering
 * DescribeStacks as CloudFormation does (a stack it does not know is a ValidationError "Stack with
 * id … does not exist"). What the script writes is tested against the emulators in
 * test/api/create-admin.api.test.ts.
 */

type Stacks = Record<string, Record<string, { status?: StackStatus; outputs: Record<string, string> }>>;

const missing = (stackName: string) =>
  new CloudFormationServiceException({
    name: 'ValidationError',
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
    message: `Stack with id ${stackName} does not exist`,
  });

/** A fake CloudFormation per region, holding `stacks[region][stackName]`; records every call. */
function fakeCloudFormation(stacks: Stacks) {
  const calls: Array<{ region: string; stackName: string | undefined }> = [];
  const inRegion = (region: string): CloudFormation => ({
    send: async (command: DescribeStacksCommand): Promise<DescribeStacksCommandOutput> => {
      const stackName = command.input.StackName;
      calls.push({ region, stackName });
      const stack = stackName ? stacks[region]?.[stackName] : undefined;
      if (!stack) throw missing(stackName ?? '');
      const Outputs: Output[] = Object.entries(stack.outputs).map(([OutputKey, OutputValue]) => ({
        OutputKey,
        OutputValue,
      }));
      return {
        $metadata: { httpStatusCode: 200 },
        Stacks: [
          {
            StackName: stackName,
            StackStatus: stack.status ?? 'CREATE_COMPLETE',
            CreationTime: new Date(),
            Outputs,
          },
        ],
      };
    },
  });
  return { inRegion, calls };
}

const dataOutputs = { TableName: 'Spaces-prod-Data-Table-1ABC', UploadsBucketName: 'spaces-prod-uploads' };
const authOutputs = {
  ClientUserPoolId: 'eu-west-2_client',
  ClientUserPoolClientId: 'client-app-client',
  AdminUserPoolId: 'eu-west-2_admin',
  AdminUserPoolClientId: 'admin-app-client',
  // Outputs the script does not read are left alone.
  ClientSignInDomain: 'https://spaces-prod-client.auth.eu-west-2.amazoncognito.com',
};
const deployed: Stacks = {
  'eu-west-2': {
    'Spaces-prod-Data': { outputs: dataOutputs },
    'Spaces-prod-Auth': { outputs: authOutputs },
  },
  'us-east-1': {
    'Spaces-prod-Web': { outputs: { AppUrl: 'https://app.example.com', DistributionUrl: 'https://d1.net' } },
  },
};

let stderr: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('readStageOutputs', () => {
  it("reads the Data and Auth stacks in the stage's region and the Web stack in us-east-1", async () => {
    const cloudFormation = fakeCloudFormation(deployed);
    expect(await readStageOutputs('prod', 'eu-west-2', cloudFormation.inRegion)).toEqual({
      stage: 'prod',
      region: 'eu-west-2',
      tableName: 'Spaces-prod-Data-Table-1ABC',
      uploadsBucket: 'spaces-prod-uploads',
      clientUserPoolId: 'eu-west-2_client',
      clientUserPoolClientId: 'client-app-client',
      adminUserPoolId: 'eu-west-2_admin',
      adminUserPoolClientId: 'admin-app-client',
      appUrl: 'https://app.example.com',
    });
    expect(cloudFormation.calls).toEqual([
      { region: 'eu-west-2', stackName: 'Spaces-prod-Data' },
      { region: 'eu-west-2', stackName: 'Spaces-prod-Auth' },
      { region: 'us-east-1', stackName: 'Spaces-prod-Web' },
    ]);
    expect(stderr).not.toHaveBeenCalled();
  });

  it('refuses a stage that is not deployed in that region, naming the stack and the region', async () => {
    const cloudFormation = fakeCloudFormation(deployed);
    await expect(readStageOutputs('prod', 'eu-west-1', cloudFormation.inRegion)).rejects.toThrow(
      'Stack Spaces-prod-Data not found in eu-west-1: deploy the stage first',
    );
    await expect(readStageOutputs('staging', 'eu-west-2', cloudFormation.inRegion)).rejects.toThrow(
      'Stack Spaces-staging-Data not found in eu-west-2: deploy the stage first',
    );
    // Nothing else is asked once the Data stack is missing.
    expect(cloudFormation.calls.map((call) => call.stackName)).toEqual([
      'Spaces-prod-Data',
      'Spaces-staging-Data',
    ]);
  });

  it('refuses a stage whose Auth stack is missing', async () => {
    const cloudFormation = fakeCloudFormation({
      'eu-west-2': { 'Spaces-prod-Data': { outputs: dataOutputs } },
    });
    await expect(readStageOutputs('prod', 'eu-west-2', cloudFormation.inRegion)).rejects.toThrow(
      'Stack Spaces-prod-Auth not found in eu-west-2: deploy the stage first',
    );
  });

  it('refuses stacks deployed without the outputs it reads (a version before them, or a failed deploy)', async () => {
    const { TableName: _left, ...olderData } = dataOutputs;
    const older = fakeCloudFormation({
      ...deployed,
      'eu-west-2': { ...deployed['eu-west-2'], 'Spaces-prod-Data': { outputs: olderData } },
    });
    await expect(readStageOutputs('prod', 'eu-west-2', older.inRegion)).rejects.toThrow(
      'Stack Spaces-prod-Data (CREATE_COMPLETE) has no output TableName: deploy the stage with this version first',
    );
    const { AdminUserPoolClientId: _gone, ...olderAuth } = authOutputs;
    const failed = fakeCloudFormation({
      ...deployed,
      'eu-west-2': {
        ...deployed['eu-west-2'],
        'Spaces-prod-Auth': { status: 'ROLLBACK_COMPLETE', outputs: olderAuth },
      },
    });
    await expect(readStageOutputs('prod', 'eu-west-2', failed.inRegion)).rejects.toThrow(
      'Stack Spaces-prod-Auth (ROLLBACK_COMPLETE) has no output AdminUserPoolClientId',
    );
  });

  it('leaves the app URL out, quietly, when the Web stack is not deployed', async () => {
    const cloudFormation = fakeCloudFormation({ 'eu-west-2': deployed['eu-west-2']! });
    const outputs = await readStageOutputs('prod', 'eu-west-2', cloudFormation.inRegion);
    expect(outputs.appUrl).toBeUndefined();
    expect(outputs.adminUserPoolId).toBe('eu-west-2_admin');
    expect(stderr).not.toHaveBeenCalled();
  });

  it('leaves the app URL out, with a warning, when the Web stack cannot be read', async () => {
    const cloudFormation = fakeCloudFormation(deployed);
    const denied = Object.assign(new Error('not authorized to perform: cloudformation:DescribeStacks'), {
      name: 'AccessDenied',
    });
    const inRegion = (region: string): CloudFormation =>
      region === 'us-east-1' ? { send: () => Promise.reject(denied) } : cloudFormation.inRegion(region);
    expect((await readStageOutputs('prod', 'eu-west-2', inRegion)).appUrl).toBeUndefined();
    expect(stderr).toHaveBeenCalledWith(
      expect.stringContaining('Could not read Spaces-prod-Web in us-east-1'),
    );
  });

  it("passes on any other error of the stage's stacks (no credentials, no permission)", async () => {
    const denied = Object.assign(new Error('not authorized to perform: cloudformation:DescribeStacks'), {
      name: 'AccessDenied',
    });
    await expect(
      readStageOutputs('prod', 'eu-west-2', () => ({ send: () => Promise.reject(denied) })),
    ).rejects.toBe(denied);
  });

  it("by default sends DescribeStacks through the SDK's CloudFormation client of each region", async () => {
    const fake = fakeCloudFormation(deployed);
    const regions: string[] = [];
    vi.spyOn(CloudFormationClient.prototype, 'send').mockImplementation(async function (
      this: CloudFormationClient,
      command: unknown,
    ) {
      const region = await this.config.region();
      regions.push(region);
      return fake.inRegion(region).send(command as DescribeStacksCommand);
    });
    expect((await readStageOutputs('prod', 'eu-west-2')).appUrl).toBe('https://app.example.com');
    expect(regions).toEqual(['eu-west-2', 'eu-west-2', 'us-east-1']);
  });
});

describe('what the script gives the product', () => {
  it("sets every variable functions/core/env.ts requires, from the stage's outputs", () => {
    expect(
      stageEnvironment({
        stage: 'prod',
        region: 'eu-west-2',
        tableName: 'T',
        uploadsBucket: 'B',
        clientUserPoolId: 'CP',
        clientUserPoolClientId: 'CC',
        adminUserPoolId: 'AP',
        adminUserPoolClientId: 'AC',
        appUrl: 'https://app.example.com',
      }),
    ).toEqual({
      STAGE: 'prod',
      AWS_REGION: 'eu-west-2',
      TABLE_NAME: 'T',
      UPLOADS_BUCKET: 'B',
      CLIENT_USER_POOL_ID: 'CP',
      CLIENT_USER_POOL_CLIENT_ID: 'CC',
      ADMIN_USER_POOL_ID: 'AP',
      ADMIN_USER_POOL_CLIENT_ID: 'AC',
      MAIL_FROM: expect.any(String),
      APP_URL: 'https://app.example.com',
    });
  });

  it("checks the input with the admin form's rules and messages", () => {
    expect(
      checkAdminInput({ email: ' Ops@Example.COM ', firstName: 'Ada', lastName: '', password: 'Strong1234' }),
    ).toEqual({ email: 'ops@example.com', firstName: 'Ada', lastName: undefined, password: 'Strong1234' });
    expect(() => checkAdminInput({ email: 'ops', firstName: '', password: 'weakpassword' })).toThrow(
      [
        '--first-name: Field is required',
        '--email: Field should be an email address',
        'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character',
      ].join('\n'),
    );
  });

  it("names the app's admin sign-in page", () => {
    expect(signInUrl('https://app.example.com/')).toBe('https://app.example.com/admin/login');
  });
});
