import { lazy } from './lazy';

/**
 * Secrets Manager, loaded on first use. `const { client, GetSecretValueCommand } = await secrets()`;
 * read a secret's text through `secretString`, the one way the API reads its secrets.
 */
export const secrets = lazy(() => import('./secrets-client'));

const read = new Map<string, Promise<string>>();

/**
 * The text (SecretString) of the Secrets Manager secret `secretId`, read once per container and
 * kept for its life: the origin-verify value, the session key, a calendar provider's registration.
 * A failed read is forgotten, so the next request reads again.
 */
export function secretString(secretId: string): Promise<string> {
  let value = read.get(secretId);
  if (!value) {
    value = (async () => {
      const aws = await secrets();
      const { SecretString } = await aws.client.send(new aws.GetSecretValueCommand({ SecretId: secretId }));
      if (!SecretString) throw new Error(`The secret ${secretId} has no text value`);
      return SecretString;
    })();
    read.set(secretId, value);
    value.catch(() => {
      if (read.get(secretId) === value) read.delete(secretId);
    });
  }
  return value;
}

/** Forgets a secret's kept text, so the next `secretString` reads it again (a value that changed). */
export function forgetSecret(secretId: string): void {
  read.delete(secretId);
}
