import { DEFAULT_PORTS, resolvePorts, TEST_PORTS } from '../../../infra/local/emulators/ports';

describe('resolvePorts', () => {
  it('takes explicit ports over SPACES_<NAME>_PORT over the defaults', () => {
    const environment = { SPACES_DYNAMODB_PORT: '8100', SPACES_S3_PORT: '4600' };
    expect(resolvePorts({ s3: 4700 }, { environment })).toEqual({
      ...DEFAULT_PORTS,
      dynamodb: 8100,
      s3: 4700,
    });
  });

  it('reads SPACES_TEST_<NAME>_PORT, not the npm start variables, for the tests', () => {
    const environment = { SPACES_DYNAMODB_PORT: '8100', SPACES_TEST_SES_PORT: '18105' };
    expect(resolvePorts({}, { defaults: TEST_PORTS, scope: 'test', environment })).toEqual({
      ...TEST_PORTS,
      ses: 18105,
    });
  });

  it('names the variable that is not a port number', () => {
    expect(() => resolvePorts({}, { environment: { SPACES_COGNITO_PORT: '92x9' } })).toThrow(
      'SPACES_COGNITO_PORT must be a port number (1-65535), not "92x9"',
    );
    expect(() => resolvePorts({ ses: 70000 }, { environment: {} })).toThrow(
      'ports.ses must be a port number',
    );
  });

  it('refuses two emulators on one port', () => {
    expect(() => resolvePorts({ ses: 8000 }, { environment: {} })).toThrow(
      'DynamoDB Local and aws-ses-v2-local cannot share port 8000',
    );
  });
});
