import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export interface LogsBucketOptions {
  /** CloudFront's standard logs are written with ACLs, so that bucket must accept them. @default false */
  readonly acceptAclDelivery?: boolean;
  /** @default 90 days */
  readonly expireAfter?: Duration;
}

/** A private bucket that receives access logs (S3 server access logs, CloudFront) and expires them. */
export function logsBucket(scope: Construct, id: string, options: LogsBucketOptions = {}): s3.Bucket {
  const bucket = new s3.Bucket(scope, id, {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: s3.BucketEncryption.S3_MANAGED,
    objectOwnership: options.acceptAclDelivery
      ? s3.ObjectOwnership.BUCKET_OWNER_PREFERRED
      : s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ id: 'expire-logs', expiration: options.expireAfter ?? Duration.days(90) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      'This bucket is the access-log destination; logging it into itself (or another bucket) would loop.',
  });
  return bucket;
}
