import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Takes the place of `@aws-sdk/credential-provider-node` in the Lambda bundles
 * (infra/cdk/constructs/lambda-bundling.ts). In Lambda the SDK's default chain always ends at
 * the environment — the runtime sets AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
 * AWS_SESSION_TOKEN from the function's role — so the rest of the chain (SSO, INI files, web
 * identity, process, container and instance metadata, with their nested STS and SSO clients) is
 * code every cold start would load for nothing. The local server and the tests run unbundled
 * and keep the default chain.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
