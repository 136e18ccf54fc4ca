import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableDefinition } from '@core/table/definition';
import { logsBucket } from '../constructs/logs-bucket';

export interface DataStackProps extends StackProps {
  readonly uploadsBucketName: string;
  /** The SPA's origin, allowed by the uploads bucket's CORS rules (browsers upload straight to S3). */
  readonly appOrigin: string;
}

/** State that outlives every deploy: the one table and the uploads bucket. Both are retained on delete. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  /**
   * Wraps the data keys of linked calendars' refresh tokens (envelope encryption,
   * functions/calendars/token-vault.ts). Retained: without it the tokens cannot be opened.
   */
  readonly calendarKey: kms.Key;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    this.calendarKey = new kms.Key(this, 'CalendarTokenKey', {
      description: "Spaces: wraps the data keys of linked calendars' refresh tokens",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const key = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: key(tableDefinition.partitionKey),
      sortKey: key(tableDefinition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // Expiring items (sign-in counters, reset links, unbound displays, API refresh sessions) are
      // deleted by DynamoDB up to 48 hours late; every read that cares checks the expiry itself
      // (docs/data-model.md).
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      // Read by the room displays' push channel (docs/architecture.md §7, "Push channel in AWS"):
      // what a change was and is tells which displays to nudge.
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        // What each index keeps of an item besides its keys (docs/data-model.md, "Projections").
        projectionType: dynamodb.ProjectionType[index.projection],
      });
    }

    const accessLogs = logsBucket(this, 'AccessLogs');
    this.uploadsBucket = new s3.Bucket(this, 'Uploads', {
      bucketName: props.uploadsBucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      removalPolicy: RemovalPolicy.RETAIN,
      // Presigned POST uploads and presigned GET reads come straight from the SPA.
      cors: [
        {
          allowedOrigins: [props.appOrigin],
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-replaced-versions', noncurrentVersionExpiration: Duration.days(30) },
        // A ticket's upload waits under pending/ until a form saves it (moved to its own key);
        // one never saved is gone after a day, its old version too.
        {
          id: 'expire-pending-uploads',
          prefix: 'pending/',
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
    });

    // Read by `npm run create-admin` (docs/first-admin.md).
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
  }
}
