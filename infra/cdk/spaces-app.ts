import { Annotations, Tags, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EDGE_REGION, resolveStageConfig, UNCONFIGURED_APP_URL, type StageConfig } from './config';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { JobsStack } from './stacks/jobs-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { WebStack } from './stacks/web-stack';

export interface SpacesStacks {
  readonly config: StageConfig;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly jobs: JobsStack;
  readonly web: WebStack;
  readonly monitoring: MonitoringStack;
}

export interface BuildOptions {
  /** Where the group handler maps and the jobs live. @default the repository's functions/ */
  readonly functionsDir?: string;
  /** The built SPA. @default the repository's web/dist */
  readonly webDist?: string;
}

/**
 * The whole system for one stage: `Spaces-<stage>-Data`, `-Auth`, `-Api`, `-Jobs`, `-Web` and
 * `-Monitoring` (Api and Jobs use Data and Auth; Web, in us-east-1, fronts Api; Monitoring watches
 * them all), checked by cdk-nag's AWS Solutions pack at synthesis.
 */
export function buildSpaces(app: App, options: BuildOptions = {}): SpacesStacks {
  const config = resolveStageConfig(app.node);
  const env = { account: config.account, region: config.region };
  const common = { env, terminationProtection: config.isProduction };
  const name = (concern: string) => `Spaces-${config.stage}-${concern}`;
  // The app's origin must be known before any stack exists (it is in the Lambdas' environment
  // and the uploads bucket's CORS rules), so it comes from configuration; see docs/decisions.md.
  const appUrl = config.appUrl ?? UNCONFIGURED_APP_URL;

  const data = new DataStack(app, name('Data'), {
    ...common,
    stackName: name('Data'),
    description: 'Spaces: DynamoDB table and uploads bucket',
    appOrigin: appUrl,
    uploadsBucketName: config.uploadsBucketName,
  });
  const auth = new AuthStack(app, name('Auth'), {
    ...common,
    stackName: name('Auth'),
    description: 'Spaces: client and admin user pools, and their social sign-in',
    appUrl,
    social: config.social,
  });
  const services = {
    config,
    appUrl,
    table: data.table,
    calendarKey: data.calendarKey,
    clientPool: auth.clientPool,
    adminPool: auth.adminPool,
    functionsDir: options.functionsDir,
  };
  const api = new ApiStack(app, name('Api'), {
    ...common,
    ...services,
    stackName: name('Api'),
    description: "Spaces: HTTP API, its Lambda functions and the room displays' push channel",
  });
  api.addStackDependency(data, 'the uploads bucket is granted by name');
  const jobs = new JobsStack(app, name('Jobs'), {
    ...common,
    ...services,
    stackName: name('Jobs'),
    description: 'Spaces: scheduled jobs (EventBridge rules and their Lambda functions)',
  });
  const web = new WebStack(app, name('Web'), {
    ...common,
    // CloudFront's certificate, metrics and CLOUDFRONT-scope web ACL live in us-east-1 only.
    env: { account: config.account, region: EDGE_REGION },
    stackName: name('Web'),
    description: 'Spaces: SPA bucket, web ACL and the CloudFront distribution in front of SPA and API',
    config,
    apiDomainName: api.apiDomainName,
    displayChannelDomainName: api.displayChannel.api.realtimeDns,
    webDist: options.webDist,
  });
  // CloudFront resolves the origin-verify secret (or its us-east-1 replica) that the Api stack makes.
  web.addStackDependency(api, 'the origin-verify secret is resolved by name');
  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    ...common,
    stackName: name('Monitoring'),
    description: "Spaces: the stage's alarm topic, alarms and dashboard",
    config,
    table: data.table,
    api,
    jobs,
    web,
  });

  if (!config.appUrl) {
    for (const stack of [data, api, jobs]) {
      Annotations.of(stack).addWarningV2(
        '@spaces/app-url-not-configured',
        `No appUrl for stage "${config.stage}": e-mailed links and upload CORS use ${UNCONFIGURED_APP_URL}. ` +
          `After the first deploy, set stages.${config.stage}.appUrl in cdk.json to the Web stack's DistributionUrl ` +
          '(or use a custom domain with certificateArn) and deploy again.',
      );
    }
  }

  Tags.of(app).add('project', 'spaces');
  Tags.of(app).add('stage', config.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, data, auth, api, jobs, web, monitoring };
}
