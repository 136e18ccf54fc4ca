import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { kms } from './aws/kms';
import { env } from './env';

/**
 * Envelope encryption of the secrets the API keeps: linked calendars' refresh tokens and people's
 * second-factor (TOTP) secrets. Each secret is sealed with a fresh 256-bit data key (AES-256-GCM);
 * the data key is kept wrapped beside it: by KMS in AWS (`GenerateDataKey` / `Decrypt` under
 * `CALENDAR_KMS_KEY_ID`), locally by AES-256-GCM under `CALENDAR_TOKEN_KEY`, a key generated once
 * under the data folder. Both bind the ciphertext to whose it is (KMS's encryption context
 * `{ <purpose>: <owner> }`, GCM's additional data), so a sealed secret copied onto another item
 * does not open. A sealed secret is text: `v1.<kms|local>.<wrapped key>.<iv>.<ciphertext>.<tag>`
 * (base64url parts).
 */

/** What a secret is and whose: bound into both layers. */
export interface SealContext {
  /** The encryption context's key: `calendarAccount`, `secondFactor`. */
  purpose: string;
  /** Whose secret it is, e.g. `<accountId>/<calendarAccountId>`. */
  owner: string;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');
const malformed = () => new Error('A sealed secret is malformed');

function gcmSeal(key: Uint8Array, plaintext: Uint8Array, aad: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, data, tag: cipher.getAuthTag() };
}

function gcmOpen(
  key: Uint8Array,
  sealed: { iv: Uint8Array; data: Uint8Array; tag: Uint8Array },
  aad: string,
) {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.data), decipher.final()]);
}

/** The local wrapping key; without it (and without KMS) nothing can be sealed. */
function localKey(): Buffer {
  const key = env().CALENDAR_TOKEN_KEY;
  if (!key) throw new Error('Neither CALENDAR_KMS_KEY_ID nor CALENDAR_TOKEN_KEY is configured');
  return Buffer.from(key, 'hex');
}

async function newDataKey(
  context: SealContext,
): Promise<{ plain: Uint8Array; wrapped: string; by: 'kms' | 'local' }> {
  const keyId = env().CALENDAR_KMS_KEY_ID;
  if (keyId) {
    const { client, GenerateDataKeyCommand } = await kms();
    const answer = await client.send(
      new GenerateDataKeyCommand({
        KeyId: keyId,
        KeySpec: 'AES_256',
        EncryptionContext: { [context.purpose]: context.owner },
      }),
    );
    if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS gave no data key');
    return { plain: answer.Plaintext, wrapped: b64(answer.CiphertextBlob), by: 'kms' };
  }
  const plain = randomBytes(32);
  const { iv, data, tag } = gcmSeal(localKey(), plain, context.owner);
  return { plain, wrapped: [b64(iv), b64(data), b64(tag)].join(':'), by: 'local' };
}

async function openDataKey(by: string, wrapped: string, context: SealContext): Promise<Uint8Array> {
  if (by === 'kms') {
    const { client, DecryptCommand } = await kms();
    const answer = await client.send(
      new DecryptCommand({
        CiphertextBlob: unb64(wrapped),
        EncryptionContext: { [context.purpose]: context.owner },
      }),
    );
    if (!answer.Plaintext) throw new Error('KMS did not open the data key');
    return answer.Plaintext;
  }
  const [iv, data, tag] = wrapped.split(':').map(unb64);
  if (!iv || !data || !tag) throw malformed();
  return gcmOpen(localKey(), { iv, data, tag }, context.owner);
}

/** Seals a secret for `context`. */
export async function seal(secret: string, context: SealContext): Promise<string> {
  const key = await newDataKey(context);
  const { iv, data, tag } = gcmSeal(key.plain, Buffer.from(secret, 'utf8'), context.owner);
  key.plain.fill(0);
  return ['v1', key.by, key.wrapped, b64(iv), b64(data), b64(tag)].join('.');
}

/** Opens what {@link seal} sealed for the same context; throws on anything else. */
export async function open(sealed: string, context: SealContext): Promise<string> {
  const [version, by, wrapped, iv, data, tag] = sealed.split('.');
  if (version !== 'v1' || !by || !wrapped || !iv || !data || !tag) throw malformed();
  const key = await openDataKey(by, wrapped, context);
  try {
    return gcmOpen(key, { iv: unb64(iv), data: unb64(data), tag: unb64(tag) }, context.owner).toString(
      'utf8',
    );
  } finally {
    key.fill(0);
  }
}
