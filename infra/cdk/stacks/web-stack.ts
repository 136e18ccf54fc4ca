import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Annotations,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  SecretValue,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AlarmTopic } from '../constructs/alarm-topic';
import { EdgeFirewall } from '../constructs/edge-firewall';
import { logsBucket } from '../constructs/logs-bucket';
import { originVerifySecretName } from './api-stack';

export interface WebStackProps extends StackProps {
  readonly config: StageConfig;
  /** The HTTP API's host name: CloudFront sends `/api/*` there with the path unchanged. */
  readonly apiDomainName: string;
  /** The room displays' push channel's real-time host name: the display page connects there (CSP). */
  readonly displayChannelDomainName: string;
  /** The built SPA (`npm run build`). @default the repository's web/dist */
  readonly webDist?: string;
}

/** A distribution whose 5xx answers pass this share of requests, 3 periods of 5 minutes running, alarms. */
export const CLOUDFRONT_5XX_RATE_PERCENT = 5;

/** The header CloudFront adds to every API request, checked by the API (docs/decisions.md). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * Rewrites extension-less paths (client-side routes such as /c/venues or /display) to the
 * SPA's index.html. It runs only on the default behaviour, so `/api/*` answers, 404s included,
 * come from the API untouched.
 */
const SPA_ROUTES_FUNCTION = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Drops a trailing slash from API paths: the spec spells some lookups with one
 * (`/client/venue_types/`), and HTTP API routes match paths exactly. The local server does the same.
 */
const API_PATHS_FUNCTION = `function handler(event) {
  var request = event.request;
  if (request.uri.length > 1 && request.uri.charAt(request.uri.length - 1) === '/') {
    request.uri = request.uri.replace(/\\/+$/, '');
  }
  return request;
}`;

/**
 * The edge, in us-east-1 whatever the stage's region (CloudFront's certificates, metrics and
 * CLOUDFRONT-scope web ACLs live there): the SPA in a private bucket behind CloudFront (OAC),
 * which also fronts the API at /api/* with the origin-verify header, the web ACL in front of
 * both, and the distribution's alarm with a topic of its own region.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly bucket: s3.Bucket;
  readonly firewall: EdgeFirewall;
  readonly alarms: AlarmTopic;
  /** In alarm while the distribution's 5xx rate stays above {@link CLOUDFRONT_5XX_RATE_PERCENT}. */
  readonly serverErrorsAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const webDist = props.webDist ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));

    // CloudFront's standard logs are delivered with ACLs; S3 server access logs share the bucket.
    const logs = logsBucket(this, 'AccessLogs', { acceptAclDelivery: true });
    this.bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
    });

    // The uploads bucket is named by configuration, so its host names are known here without a
    // reference to the Data stack in another region.
    const uploads = [
      `https://${config.uploadsBucketName}.s3.${config.region}.amazonaws.com`,
      `https://${config.uploadsBucketName}.s3.amazonaws.com`,
    ].join(' ');
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Spaces security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            `img-src 'self' data: blob: ${uploads}`,
            `media-src 'self' ${uploads}`,
            `connect-src 'self' ${uploads} wss://${props.displayChannelDomainName}`,
            "font-src 'self' data:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
          ].join('; '),
        },
        strictTransportSecurity: {
          override: true,
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { override: true, frameOption: cloudfront.HeadersFrameOption.DENY },
        // No page's address leaves it in a Referer, not even to the SPA's own API: the reset
        // page's, nor an older link's token in its path (docs/architecture.md "Sign-in").
        referrerPolicy: { override: true, referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
        ],
      },
    });

    const spaRoutes = new cloudfront.Function(this, 'SpaRoutes', {
      comment: 'Serve index.html for client-side routes',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTES_FUNCTION),
    });

    const apiPaths = new cloudfront.Function(this, 'ApiPaths', {
      comment: 'Drop trailing slashes from API paths',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(API_PATHS_FUNCTION),
    });

    // The files' own Cache-Control decides how long the edge keeps them (set on upload, see
    // deploySite): hashed assets a year, index.html revalidated on every request (MinTTL 0).
    // CloudFront compresses (brotli or gzip, by the viewer's Accept-Encoding) and caches each
    // encoding apart.
    const siteCache = new cloudfront.CachePolicy(this, 'SiteCache', {
      comment: 'Spaces SPA: TTL from the files, gzip and brotli cached apart',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    });

    const customDomain =
      config.appUrl && config.certificateArn
        ? {
            domainNames: [new URL(config.appUrl).hostname],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {};

    this.firewall = new EdgeFirewall(this, 'Firewall', { metricPrefix: `spaces-${config.stage}` });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Spaces ${config.stage}`,
      ...customDomain,
      webAclId: this.firewall.webAcl.attrArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: siteCache,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: spaRoutes, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // Resolved by CloudFormation from Secrets Manager (the Api stack's secret, or its
            // replica here), so the value is never in the template.
            customHeaders: {
              [ORIGIN_VERIFY_HEADER]: SecretValue.secretsManager(
                originVerifySecretName(config.stage),
              ).unsafeUnwrap(),
            },
          }),
          // No redirect: a redirected POST would lose its body.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host, and CloudFront's own, CloudFront-Viewer-Address among
          // them: the API's per-address limits count the viewer, not the edge.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            { function: apiPaths, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });

    if (existsSync(join(webDist, 'index.html'))) {
      this.deploySite(webDist);
    } else {
      Annotations.of(this).addWarningV2(
        '@spaces/no-web-build',
        `${webDist}/index.html not found: the SPA is not deployed. Run "npm run build" before "cdk deploy".`,
      );
    }

    this.alarms = new AlarmTopic(this, 'Alarms', { email: config.alarmEmail, stage: config.stage });
    this.serverErrorsAlarm = this.alarms.alarm(this, 'ServerErrorsAlarm', {
      alarmDescription: `Spaces ${config.stage}: more than ${CLOUDFRONT_5XX_RATE_PERCENT}% of the requests to the SPA and the API answered 5xx for 15 minutes`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: this.distribution.distributionId, Region: 'Global' },
        statistic: cloudwatch.Stats.AVERAGE,
        period: Duration.minutes(5),
      }),
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      threshold: CLOUDFRONT_5XX_RATE_PERCENT,
      evaluationPeriods: 3,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    const url = `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'DistributionUrl', {
      value: url,
      description: 'CloudFront URL of the SPA and the API',
    });
    new CfnOutput(this, 'AppUrl', {
      value: config.appUrl ?? url,
      description: 'The app URL; set it as the stage appUrl (cdk.json) when it is the CloudFront URL',
    });

    this.acknowledgeFindings(config);
  }

  /**
   * Vite's hashed `assets/` are immutable and never pruned (an open tab's old index.html still
   * finds them); everything else is revalidated on every request and invalidated on deploy.
   * The build's `.br`/`.gz` copies stay behind (CloudFront compresses by itself), and so does its
   * manifest (`.vite/`, read by the budget test only).
   */
  private deploySite(webDist: string): void {
    const site = () => Source.asset(webDist, { exclude: ['*.br', '*.gz', '.vite'] });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [site()],
      destinationBucket: this.bucket,
      include: ['assets/*'],
      exclude: ['*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [site()],
      destinationBucket: this.bucket,
      // Excluded keys are neither uploaded nor pruned.
      exclude: ['assets/*'],
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    this.acknowledgeDeploymentHandler();
  }

  /** BucketDeployment's handler (one per stack) is aws-cdk-lib's own; its grants are CDK's. */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!handler) throw new Error('BucketDeployment handler not found');
    const siteBucket = this.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket);
    const assetBucket = DefaultStackSynthesizer.DEFAULT_FILE_ASSETS_BUCKET_NAME.replace(
      '${Qualifier}',
      DefaultStackSynthesizer.DEFAULT_QUALIFIER,
    )
      .replace('${AWS::AccountId}', this.account)
      .replace('${AWS::Region}', this.region);
    const grant =
      'CDK BucketDeployment grant: it copies the built SPA from the CDK asset bucket into the site bucket.';
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'The deployment handler is created by aws-cdk-lib with the basic execution role for its own logs.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          "The deployment handler's runtime is chosen by aws-cdk-lib and moves with the library version.",
      },
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: grant,
      })),
      { id: `AwsSolutions-IAM5[Resource::<${siteBucket}.Arn>/*]`, reason: grant },
      { id: `AwsSolutions-IAM5[Resource::arn:aws:s3:::${assetBucket}/*]`, reason: grant },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'CloudFront invalidations after the deploy: cloudfront:CreateInvalidation/GetInvalidation, granted by CDK on "*".',
      },
    );
  }

  private acknowledgeFindings(config: StageConfig): void {
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Customers and their room screens may be anywhere; the product has no country restriction.',
    });
    if (!config.certificateArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with certificateArn the minimum is TLSv1.2_2021.',
      });
    }
  }
}
