import { Match } from 'aws-cdk-lib/assertions';
import { tableDefinition } from '@core/table/definition';
import { logicalId, resourcesOf, synthSpaces, TEST_APP_URL, type Synthesized } from './support';

let synth: Synthesized;
beforeAll(() => {
  synth = synthSpaces();
});

describe('the table', () => {
  it('has the keys and exactly the GSIs of functions/core/table/definition.ts', () => {
    const s = (name: string) => ({ AttributeName: name, AttributeType: 'S' });
    const attributes = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ];
    synth.templates.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    synth.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals(attributes.map(s)),
      GlobalSecondaryIndexes: Match.arrayEquals(
        tableDefinition.globalSecondaryIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: index.projection },
        })),
      ),
    });
  });

  // docs/data-model.md "Projections": the cross-account lists of users and screens keep keys only,
  // so a heartbeat or a sign-in never rewrites their entries; the others keep whole items.
  it.each([
    ['dev', { stage: 'dev' }],
    ['prod', { stage: 'prod', region: 'eu-west-2' }],
  ])(
    'projects in the %s stage what each index is read for, and no heartbeat into the shared lists',
    (_name, context) => {
      const table = Object.values(
        synthSpaces({ context }).templates.data.findResources('AWS::DynamoDB::Table'),
      )[0] as { Properties: { GlobalSecondaryIndexes: Array<{ IndexName: string; Projection: unknown }> } };
      const projections = Object.fromEntries(
        table.Properties.GlobalSecondaryIndexes.map((index) => [index.IndexName, index.Projection]),
      );
      expect(projections).toEqual({
        gsi1: { ProjectionType: 'ALL' },
        gsi2: { ProjectionType: 'ALL' },
        gsi3: { ProjectionType: 'ALL' },
        gsi4: { ProjectionType: 'KEYS_ONLY' },
      });
    },
  );

  it('is on-demand, encrypted with the AWS-managed key, with point-in-time recovery and deletion protection', () => {
    synth.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      // SSEEnabled with no key: KMS with the AWS-managed key aws/dynamodb.
      SSESpecification: Match.exact({ SSEEnabled: true }),
    });
  });

  it('is retained when the stack is deleted or the table replaced', () => {
    synth.templates.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });
});

describe('the uploads bucket', () => {
  const uploads = () => {
    const [found] = resourcesOf(synth.templates.data, 'AWS::S3::Bucket').filter(
      ([, bucket]) =>
        (bucket.Properties as { BucketName?: string }).BucketName === synth.stacks.config.uploadsBucketName,
    );
    if (!found) throw new Error('uploads bucket not found');
    return found;
  };

  it('is versioned, S3-encrypted, retained, and logs access to the access-log bucket', () => {
    const [, bucket] = uploads();
    expect(bucket).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: {
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        LoggingConfiguration: { DestinationBucketName: { Ref: expect.any(String) } },
      },
    });
  });

  it('lets only the app origin upload (presigned POST) and read (presigned GET) from a browser', () => {
    const [, bucket] = uploads();
    expect((bucket.Properties as { CorsConfiguration: unknown }).CorsConfiguration).toEqual({
      CorsRules: [
        expect.objectContaining({
          AllowedOrigins: [TEST_APP_URL],
          AllowedMethods: ['POST', 'GET', 'HEAD'],
        }),
      ],
    });
  });

  it('aborts incomplete multipart uploads and expires replaced versions', () => {
    const [, bucket] = uploads();
    expect((bucket.Properties as { LifecycleConfiguration: unknown }).LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([
        expect.objectContaining({
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: 'Enabled',
        }),
        expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
      ]),
    });
  });
});

describe.each(['dev', 'prod'])('the uploads bucket of stage %s', (stage) => {
  it('empties pending/ (uploads never saved by a form) after a day, old versions too', () => {
    const staged = synthSpaces({ context: { stage } });
    const [bucket] = resourcesOf(staged.templates.data, 'AWS::S3::Bucket')
      .map(([, resource]) => resource.Properties as { BucketName?: string; LifecycleConfiguration?: unknown })
      .filter((properties) => properties.BucketName === staged.stacks.config.uploadsBucketName);
    expect(staged.stacks.config.stage).toBe(stage);
    expect(bucket?.LifecycleConfiguration).toEqual({
      Rules: expect.arrayContaining([
        {
          Id: 'expire-pending-uploads',
          Prefix: 'pending/',
          ExpirationInDays: 1,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Status: 'Enabled',
        },
      ]),
    });
  });
});

describe("the stack's outputs", () => {
  it('name the table and the uploads bucket (npm run create-admin reads them, docs/first-admin.md)', () => {
    const { data } = synth.stacks;
    synth.templates.data.hasOutput('TableName', { Value: { Ref: logicalId(data, data.table) } });
    synth.templates.data.hasOutput('UploadsBucketName', {
      Value: { Ref: logicalId(data, data.uploadsBucket) },
    });
  });
});

describe('every bucket of the app', () => {
  const allBuckets = () =>
    Object.values(synth.templates).flatMap((template) =>
      resourcesOf(template, 'AWS::S3::Bucket').map(([id, bucket]) => ({ id, bucket, template })),
    );

  it('blocks all public access', () => {
    const buckets = allBuckets();
    expect(buckets.length).toBeGreaterThanOrEqual(4);
    for (const { bucket } of buckets) {
      expect(
        (bucket.Properties as { PublicAccessBlockConfiguration: unknown }).PublicAccessBlockConfiguration,
      ).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it('denies every request that is not over TLS', () => {
    for (const { id, template } of allBuckets()) {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Principal: { AWS: '*' },
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });
});
