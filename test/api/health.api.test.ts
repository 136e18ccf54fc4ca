import { call } from '../support/api';

describe('GET /health', () => {
  it('answers ok with the state of every dependency', async () => {
    const answer = await call('GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({
      status: 'ok',
      dependencies: { dynamodb: 'ok', s3: 'ok', cognito: 'ok', ses: 'ok' },
    });
  });

  it('answers 404 with a message for a path that is no route', async () => {
    const answer = await call('GET', '/no/such/route');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Not found' });
  });
});
