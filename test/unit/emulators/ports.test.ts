import { DEFAULT_PORTS, resolvePorts } from '@infra/local/emulators/ports';

describe('resolvePorts', () => {
  it('takes explicit ports over SPACES_<NAME>_PORT over the defaults', () => {
    const environment = { SPACES_DYNAMODB_PORT: '8100', SPACES_S3_PORT: '4600' };
    expect(resolvePorts({ s3: 4700 }, environment)).toEqual({
      ...DEFAULT_PORTS,
      dynamodb: 8100,
      s3: 4700,
    });
  });

  it('reads SPACES_<NAME>_PORT only, never the test run’s SPACES_TEST_<NAME>_PORT', () => {
    const environment = { SPACES_DYNAMODB_PORT: '8100', SPACES_TEST_SES_PORT: '18105' };
    expect(resolvePorts({}, environment)).toEqual({ ...DEFAULT_PORTS, dynamodb: 8100 });
  });

  it('names the variable that is not a port number', () => {
    expect(() => resolvePorts({}, { SPACES_COGNITO_PORT: '92x9' })).toThrow(
      'SPACES_COGNITO_PORT must be a port number (1-65535), not "92x9"',
    );
    expect(() => resolvePorts({ ses: 70000 }, {})).toThrow('ports.ses must be a port number');
  });

  it('refuses two emulators on one port', () => {
    expect(() => resolvePorts({ ses: 8000 }, {})).toThrow(
      'DynamoDB Local and aws-ses-v2-local cannot share port 8000',
    );
  });
});
