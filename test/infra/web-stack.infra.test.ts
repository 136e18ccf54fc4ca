import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { fakeWebDist, logicalId, resourcesOf, synthSpaces, TEST_APP_URL, type Synthesized } from './support';

/** CloudFront's managed policies (fixed ids). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const CERTIFICATE_ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { FunctionARN: unknown; EventType: string }[];
  ResponseHeadersPolicyId: unknown;
}
interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: { Id: string; DomainName: unknown; [key: string]: unknown }[];
  [key: string]: unknown;
}

/** A built SPA with what `npm run build` writes beside it: `.br`/`.gz` copies and the manifest. */
function builtWebDist(): string {
  const dir = fakeWebDist();
  writeFileSync(join(dir, 'index.html.br'), 'br');
  writeFileSync(join(dir, 'index.html.gz'), 'gz');
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), 'br');
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), 'gz');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  return dir;
}

let synth: Synthesized;
beforeAll(() => {
  synth = synthSpaces({ webDist: builtWebDist() });
});

function distributionConfig(s: Synthesized = synth): DistributionConfig {
  const [[, distribution] = []] = resourcesOf(s.templates.web, 'AWS::CloudFront::Distribution');
  return (distribution?.Properties as { DistributionConfig: DistributionConfig }).DistributionConfig;
}
const originOf = (config: DistributionConfig, behavior: Behavior) =>
  config.Origins.find((origin) => origin.Id === behavior.TargetOriginId);

describe('the distribution', () => {
  it('reads the private site bucket through Origin Access Control (no OAI)', () => {
    const config = distributionConfig();
    const site = logicalId(synth.stacks.web, synth.stacks.web.bucket);
    const origin = originOf(config, config.DefaultCacheBehavior);
    expect(origin).toMatchObject({
      DomainName: { 'Fn::GetAtt': [site, 'RegionalDomainName'] },
      OriginAccessControlId: { 'Fn::GetAtt': [expect.stringMatching(/OriginAccessControl/), 'Id'] },
      S3OriginConfig: { OriginAccessIdentity: '' },
    });
    synth.templates.web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always' },
    });
    synth.templates.web.resourceCountIs('AWS::CloudFront::CloudFrontOriginAccessIdentity', 0);
    synth.templates.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: site },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('sends /api/* to the HTTP API, uncached, every method, with the viewer headers but Host', () => {
    const config = distributionConfig();
    expect(config.CacheBehaviors.map((b) => b.PathPattern)).toEqual(['/api/*']);
    const [api] = config.CacheBehaviors;
    expect((api as { AllowedMethods?: string[] }).AllowedMethods?.toSorted()).toEqual([
      'DELETE',
      'GET',
      'HEAD',
      'OPTIONS',
      'PATCH',
      'POST',
      'PUT',
    ]);
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = originOf(config, api!);
    expect(origin).toMatchObject({
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
    });
    // {apiId}.execute-api.<region>.<suffix>, the id read from the Api stack.
    const domain = JSON.stringify(origin!.DomainName);
    expect(domain).toContain('"StackName":"Spaces-test-Api"');
    expect(domain).toContain('.execute-api.us-east-1.');
  });

  it('serves the SPA over HTTPS with index.html as root and no error-page rewrites (API 404s stay 404s)', () => {
    const config = distributionConfig();
    expect(config).toMatchObject({
      DefaultRootObject: 'index.html',
      DefaultCacheBehavior: {
        ViewerProtocolPolicy: 'redirect-to-https',
        FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
      },
      Logging: { Bucket: expect.anything(), Prefix: 'cloudfront/' },
    });
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('compresses the SPA (brotli or gzip, as the browser accepts) and caches each encoding apart', () => {
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior).toMatchObject({ Compress: true });
    const [[policyId, policy] = []] = resourcesOf(synth.templates.web, 'AWS::CloudFront::CachePolicy');
    expect((config.DefaultCacheBehavior as { CachePolicyId?: unknown }).CachePolicyId).toEqual({
      Ref: policyId,
    });
    expect(policy).toMatchObject({
      Properties: {
        CachePolicyConfig: {
          ParametersInCacheKeyAndForwardedToOrigin: {
            EnableAcceptEncodingBrotli: true,
            EnableAcceptEncodingGzip: true,
            CookiesConfig: { CookieBehavior: 'none' },
            HeadersConfig: { HeaderBehavior: 'none' },
            QueryStringsConfig: { QueryStringBehavior: 'none' },
          },
        },
      },
    });
  });

  it("keeps files at the edge as long as their own Cache-Control says, so index.html's no-cache holds", () => {
    const [[, policy] = []] = resourcesOf(synth.templates.web, 'AWS::CloudFront::CachePolicy');
    expect(policy).toMatchObject({
      Properties: { CachePolicyConfig: { MinTTL: 0, DefaultTTL: 86400, MaxTTL: 31536000 } },
    });
  });

  it('adds the security headers to the SPA and the API', () => {
    const config = distributionConfig();
    const [[policyId, headers] = []] = resourcesOf(
      synth.templates.web,
      'AWS::CloudFront::ResponseHeadersPolicy',
    );
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
    expect(headers).toMatchObject({
      Properties: {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: {
            StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, Override: true },
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY' },
            ContentSecurityPolicy: { ContentSecurityPolicy: expect.anything() },
          },
        },
      },
    });
  });

  it.each(['dev', 'prod'])(
    'sends no Referer from any page of the %s stage, so no address leaves in one',
    (stage) => {
      const { templates } = synthSpaces({ context: { stage }, webDist: builtWebDist() });
      const [[, headers] = []] = resourcesOf(templates.web, 'AWS::CloudFront::ResponseHeadersPolicy');
      expect(headers).toMatchObject({
        Properties: {
          ResponseHeadersPolicyConfig: {
            SecurityHeadersConfig: { ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true } },
          },
        },
      });
    },
  );

  it('outputs its URL', () => {
    synth.templates.web.hasOutput('DistributionUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] },
    });
    synth.templates.web.hasOutput('AppUrl', { Value: TEST_APP_URL });
  });
});

/** Runs the CloudFront Function whose comment matches on a request for `uri`. */
const runFunction = (comment: RegExp, uri: string): string => {
  const fn = resourcesOf(synth.templates.web, 'AWS::CloudFront::Function')
    .map(
      ([, resource]) => resource.Properties as { FunctionConfig: { Comment: string }; FunctionCode: string },
    )
    .find((p) => comment.test(p.FunctionConfig.Comment));
  const handler = new Function(`${fn!.FunctionCode}; return handler;`)() as (event: unknown) => {
    uri: string;
  };
  return handler({ request: { uri } }).uri;
};

describe('the API path function', () => {
  const rewrite = (uri: string) => runFunction(/trailing slashes/, uri);

  it('drops trailing slashes so the spec spellings reach their routes', () => {
    expect(rewrite('/api/v1/client/venue_types/')).toBe('/api/v1/client/venue_types');
    expect(rewrite('/api/v1/client/space_types//')).toBe('/api/v1/client/space_types');
    expect(rewrite('/api/v1/client/amenities')).toBe('/api/v1/client/amenities');
  });

  it('runs on the /api/* behaviour only', () => {
    const config = distributionConfig();
    expect(config.CacheBehaviors[0]!.FunctionAssociations).toHaveLength(1);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    expect(config.CacheBehaviors[0]!.FunctionAssociations![0]!.FunctionARN).not.toEqual(
      config.DefaultCacheBehavior.FunctionAssociations![0]!.FunctionARN,
    );
  });
});

describe('the SPA route function', () => {
  const rewrite = (uri: string) => runFunction(/index\.html/, uri);

  it('serves index.html for client-side routes', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/c/venues')).toBe('/index.html');
    expect(rewrite('/admin/password-reset')).toBe('/index.html');
    expect(rewrite('/admin/password-reset/tok3n/a%40b.com/')).toBe('/index.html');
    expect(rewrite('/display')).toBe('/index.html');
  });

  it('leaves files alone', () => {
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });
});

describe('the SPA deployment', () => {
  it('uploads hashed assets as immutable and never prunes them', () => {
    synth.templates.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it("uploads neither the build's .br/.gz copies (CloudFront compresses) nor its manifest", () => {
    const staged = readdirSync(synth.app.outdir)
      .filter((name) => name.startsWith('asset.'))
      .map((name) => join(synth.app.outdir, name))
      .filter((dir) => existsSync(join(dir, 'index.html')));
    expect(staged).not.toHaveLength(0);
    for (const dir of staged) {
      const files = readdirSync(dir, { recursive: true }).map(String);
      expect(files).toContain(join('assets', 'index-abc123.js'));
      expect(files.filter((file) => /\.(br|gz)$/.test(file) || file.startsWith('.vite'))).toEqual([]);
    }
  });

  it('uploads the rest as no-cache, prunes it and invalidates the distribution', () => {
    synth.templates.web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['assets/*'],
      Prune: true,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionId: { Ref: logicalId(synth.stacks.web, synth.stacks.web.distribution) },
      DistributionPaths: ['/*'],
    });
  });
});

describe('without a web build, and with a custom domain', () => {
  let other: Synthesized;
  beforeAll(() => {
    other = synthSpaces({
      webDist: join(tmpdir(), 'spaces-no-such-web-dist'),
      context: { certificateArn: CERTIFICATE_ARN },
    });
  });

  it('synthesizes without deploying the SPA, and says so', () => {
    other.templates.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(other.stacks.web).hasWarning(
      '*',
      Match.stringLikeRegexp('the SPA is not deployed'),
    );
  });

  it('answers on the app host name with TLS 1.2 at least', () => {
    expect(distributionConfig(other)).toMatchObject({
      Aliases: [new URL(TEST_APP_URL).hostname],
      ViewerCertificate: {
        AcmCertificateArn: CERTIFICATE_ARN,
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
  });
});
