import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { authRoutes } from '@shared/api/auth-routes';
import { deviceRoutes } from '@shared/api/device-routes';
import { API_BASE, type RouteDef } from '@shared/api/contract';

/** WAF counts a rate rule's requests per viewer address over this window. */
export const RATE_WINDOW_SECONDS = 300;

/**
 * The per-address limits at the edge, each over {@link RATE_WINDOW_SECONDS}. Offices and venues
 * put many people (and screens) behind one address, so the limits stop floods, not people: the
 * API itself locks sign-in per e-mail and limits registrations per address.
 */
export const edgeRateLimits = [
  {
    name: 'SignIn',
    limit: 100,
    routes: [
      authRoutes['client-login'],
      authRoutes['admin-login'],
      authRoutes['client-social-login'],
      authRoutes['admin-social-login'],
      // The second factor's code: six digits are guessed per address no faster than passwords.
      authRoutes['client-mfa'],
      authRoutes['admin-mfa'],
    ],
  },
  {
    name: 'Recovery',
    limit: 20,
    routes: [
      authRoutes['client-recovery'],
      authRoutes['admin-recovery'],
      authRoutes['client-reset'],
      authRoutes['admin-reset'],
    ],
  },
  { name: 'DeviceRegistration', limit: 20, routes: [deviceRoutes['register-device']] },
] as const satisfies ReadonlyArray<{
  name: string;
  limit: number;
  routes: ReadonlyArray<Pick<RouteDef, 'path'>>;
}>;

/** Where the room displays call: no managed rule group answers them with a 403 (docs/decisions.md). */
export const DEVICE_PATH_PREFIX = `${API_BASE}/device/`;

/**
 * What a blocked request gets: 429 with the API's own error shape, which the SPA shows as a
 * message and a room display reads as "try later" (it keeps its pairing; only a 401 makes it
 * register again). WAF prefixes custom response headers with `x-amzn-waf-`, so no Retry-After
 * can be given: the display backs off on its own.
 */
export const TOO_MANY_REQUESTS = {
  status: 429,
  body: JSON.stringify({ message: 'Too many requests. Try again later.' }),
} as const;

/** AWS managed rule groups, in order. */
export const managedRuleGroups = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesAmazonIpReputationList',
] as const;

export interface EdgeFirewallProps {
  /** Prefix of the web ACL's and its rules' CloudWatch metric names. */
  readonly metricPrefix: string;
}

/**
 * A WAFv2 web ACL of CLOUDFRONT scope (so its stack must be in us-east-1) for the distribution:
 * AWS managed rule groups on everything but the displays' paths, and per-address rate rules on
 * sign-in, recovery and device registration that answer 429.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.metricPrefix}-${name}`,
    });
    const lowercasePath = [
      { priority: 0, type: 'URL_DECODE' },
      { priority: 1, type: 'LOWERCASE' },
    ];
    const pathStartsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path.toLowerCase(),
        textTransformations: lowercasePath,
      },
    });
    const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
      statements.length === 1 ? statements[0]! : { orStatement: { statements } };

    const managed: wafv2.CfnWebACL.RuleProperty[] = managedRuleGroups.map((name, index) => ({
      name,
      priority: 10 + index,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          scopeDownStatement: { notStatement: { statement: pathStartsWith(DEVICE_PATH_PREFIX) } },
          // API bodies may pass the common set's 8 KB body limit (a long series with its
          // invitees); the API bounds each field itself, so that rule only counts.
          ...(name === 'AWSManagedRulesCommonRuleSet' && {
            ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
          }),
        },
      },
      visibilityConfig: visibility(name),
    }));

    const rateRules: wafv2.CfnWebACL.RuleProperty[] = edgeRateLimits.map((rule, index) => ({
      name: `RateLimit${rule.name}`,
      priority: index,
      action: {
        block: {
          customResponse: {
            responseCode: TOO_MANY_REQUESTS.status,
            customResponseBodyKey: 'too-many-requests',
          },
        },
      },
      statement: {
        rateBasedStatement: {
          limit: rule.limit,
          evaluationWindowSec: RATE_WINDOW_SECONDS,
          aggregateKeyType: 'IP',
          scopeDownStatement: anyOf(rule.routes.map((route) => pathStartsWith(`${API_BASE}${route.path}`))),
        },
      },
      visibilityConfig: visibility(`RateLimit${rule.name}`),
    }));

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Spaces: managed rule groups and per-address rate limits in front of the SPA and the API',
      customResponseBodies: {
        'too-many-requests': { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS.body },
      },
      rules: [...rateRules, ...managed],
      visibilityConfig: visibility('WebAcl'),
    });
  }
}
