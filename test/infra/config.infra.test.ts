import { App } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { OFFLINE_ACCOUNT, resolveStageConfig } from '../../infra/cdk/config';
import { cdkJsonContext } from './support';

const configFor = (context: Record<string, unknown>) =>
  resolveStageConfig(new App({ context: { ...cdkJsonContext(), ...context } }).node);

beforeEach(() => {
  vi.stubEnv('CDK_DEFAULT_ACCOUNT', undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('stage configuration', () => {
  it('defaults to a dev stage that synthesizes offline, with no credentials', () => {
    expect(configFor({})).toMatchObject({
      stage: 'dev',
      account: OFFLINE_ACCOUNT,
      region: 'us-east-1',
      appUrl: undefined,
      logLevel: 'DEBUG',
      logRetention: RetentionDays.TWO_WEEKS,
      uploadsBucketName: `spaces-dev-uploads-${OFFLINE_ACCOUNT}-us-east-1`,
      isProduction: false,
    });
  });

  it('takes the account the CLI resolved from credentials when none is given', () => {
    vi.stubEnv('CDK_DEFAULT_ACCOUNT', '210987654321');
    expect(configFor({}).account).toBe('210987654321');
    expect(configFor({ account: '111122223333' }).account).toBe('111122223333');
  });

  it('reads stages.<stage> from cdk.json, and -c values win over it', () => {
    const stages = {
      prod: { appUrl: 'https://spaces.example.com', region: 'eu-west-1', alarmEmail: 'ops@example.com' },
    };
    expect(configFor({ stage: 'prod', stages })).toMatchObject({
      appUrl: 'https://spaces.example.com',
      region: 'eu-west-1',
      mailFrom: 'no-reply@spaces.example.com',
      logLevel: 'INFO',
      logRetention: RetentionDays.THREE_MONTHS,
      isProduction: true,
    });
    expect(configFor({ stage: 'prod', stages, region: 'eu-central-1' }).region).toBe('eu-central-1');
  });

  it('names the Cognito domains and the social secrets after the stage, and takes a Microsoft tenant', () => {
    expect(
      configFor({ stage: 'prod', account: '111122223333', alarmEmail: 'ops@example.com' }).social,
    ).toEqual({
      domainPrefix: 'spaces-prod-111122223333',
      microsoftTenant: '9188040d-6c67-4c5b-b112-36a304b66dad',
      secretPrefix: 'spaces/prod/social',
      providers: [],
    });
    const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    expect(configFor({ authDomainPrefix: 'acme-spaces', microsoftTenant: tenant }).social).toMatchObject({
      domainPrefix: 'acme-spaces',
      microsoftTenant: tenant,
    });
  });

  it("throttles each route at 100 rps (burst 200), and the devices' poll and registration on their own", () => {
    expect(configFor({})).toMatchObject({
      throttle: { rateLimit: 100, burstLimit: 200 },
      deviceThrottle: {
        // 3,000 screens polling every 15 s.
        state: { rateLimit: 200, burstLimit: 400 },
        register: { rateLimit: 2, burstLimit: 10 },
      },
    });
  });

  it('takes the device throttles from stages.<stage> in cdk.json, and -c values win over it', () => {
    const stages = {
      prod: {
        deviceStateThrottleRate: 700,
        deviceStateThrottleBurst: '1400',
        deviceRegisterThrottleRate: 5,
        alarmEmail: 'ops@example.com',
      },
    };
    expect(configFor({ stage: 'prod', stages }).deviceThrottle).toEqual({
      state: { rateLimit: 700, burstLimit: 1400 },
      register: { rateLimit: 5, burstLimit: 10 },
    });
    expect(
      configFor({ stage: 'prod', stages, deviceStateThrottleRate: '1000', deviceRegisterThrottleBurst: '3' })
        .deviceThrottle,
    ).toEqual({
      state: { rateLimit: 1000, burstLimit: 1400 },
      register: { rateLimit: 5, burstLimit: 3 },
    });
  });

  it('offers only the social providers the stage registers, each once, and refuses an unknown one', () => {
    expect(configFor({}).social.providers).toEqual([]);
    expect(configFor({ socialProviders: 'google, microsoft,google' }).social.providers).toEqual([
      'google',
      'microsoft',
    ]);
    expect(() => configFor({ socialProviders: 'google,myspace' })).toThrow(/Invalid socialProviders/);
  });

  it('sends the alarms to alarmEmail, which the prod stage cannot go without', () => {
    expect(configFor({}).alarmEmail).toBeUndefined();
    expect(configFor({ alarmEmail: 'ops@example.com' }).alarmEmail).toBe('ops@example.com');
    expect(() => configFor({ stage: 'prod' })).toThrow(/prod stage needs alarmEmail/);
    expect(() => configFor({ alarmEmail: 'not an address' })).toThrow(/Invalid alarmEmail/);
  });

  it("reserves 100 concurrent executions for the room displays' function unless told otherwise", () => {
    expect(configFor({}).deviceConcurrency).toBe(100);
    expect(configFor({ deviceConcurrency: '250' }).deviceConcurrency).toBe(250);
    expect(() => configFor({ deviceConcurrency: '0' })).toThrow(/Invalid deviceConcurrency/);
  });

  it('normalises the app URL to its origin', () => {
    expect(configFor({ appUrl: 'https://Spaces.Example.com/' }).appUrl).toBe('https://spaces.example.com');
  });

  it.each([
    [{ stage: 'Prod' }, /Invalid stage/],
    [{ account: '1234' }, /Invalid account/],
    [{ appUrl: 'http://spaces.example.com' }, /Invalid appUrl/],
    [{ appUrl: 'https://spaces.example.com/app' }, /Invalid appUrl/],
    [{ certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' }, /needs appUrl/],
    [
      {
        appUrl: 'https://spaces.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      },
      /us-east-1/,
    ],
    [{ mailFrom: 'Spaces <no-reply@example.com>' }, /Invalid mailFrom/],
    [{ logLevel: 'TRACE' }, /Invalid logLevel/],
    [{ throttleRate: '0' }, /Invalid throttleRate/],
    [{ deviceStateThrottleRate: '-5' }, /Invalid deviceStateThrottleRate/],
    [{ deviceStateThrottleBurst: 'many' }, /Invalid deviceStateThrottleBurst/],
    [{ deviceRegisterThrottleRate: '0.5' }, /Invalid deviceRegisterThrottleRate/],
    [{ deviceRegisterThrottleBurst: '0' }, /Invalid deviceRegisterThrottleBurst/],
    [{ authDomainPrefix: 'Spaces_Prod' }, /Invalid authDomainPrefix/],
    [{ authDomainPrefix: 'my-cognito-login' }, /Invalid authDomainPrefix/],
    [{ microsoftTenant: 'common' }, /Invalid microsoftTenant/],
  ])('refuses %j', (context, message) => {
    expect(() => configFor(context)).toThrow(message);
  });
});
