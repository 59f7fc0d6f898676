import { createHmac } from 'node:crypto';
import { createLinkSigner, FILE_LINK_TTL_SECONDS, type CurrentTokenVersion } from './signedLinks';

/**
 * The signed file links (signedLinks.ts), on their own: what a link carries, and every way a link
 * that was not handed out, or no longer should work, is refused.
 */

const SECRET = 'a-secret-long-enough-for-the-test-1234';
const PATH = '/api/professionals/12/files/copia_crm';
const ADMIN = 7;
const NOW_SECONDS = 1_790_000_000;

let nowMs = NOW_SECONDS * 1000;
const signer = createLinkSigner(SECRET, () => nowMs);
const versions = new Map<number, number>();
const asked: number[] = [];
const currentVersion: CurrentTokenVersion = async (accountId) => {
  asked.push(accountId);
  return versions.get(accountId);
};

beforeEach(() => {
  nowMs = NOW_SECONDS * 1000 + 400;
  versions.clear();
  versions.set(ADMIN, 3);
  asked.length = 0;
});

/** A link's query as the route receives it. */
const queryOf = (link: string) => Object.fromEntries(new URL(link, 'http://portal').searchParams);
const issued = () => queryOf(signer.sign(PATH, ADMIN, 3));

describe('sign', () => {
  it('names the account and an expiry 30 minutes on, in whole seconds, after the path', () => {
    const link = signer.sign(PATH, ADMIN, 3);
    expect(link.startsWith(`${PATH}?`)).toBe(true);
    expect(queryOf(link)).toEqual({
      expires: String(NOW_SECONDS + FILE_LINK_TTL_SECONDS),
      account: String(ADMIN),
      signature: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(FILE_LINK_TTL_SECONDS).toBe(1800);
  });

  it('signs with a key of its own derived from the secret, so that every copy and the next release verify it', () => {
    const key = createHmac('sha256', SECRET).update('portal-saude:file-links').digest();
    const expires = NOW_SECONDS + FILE_LINK_TTL_SECONDS;
    const expected = createHmac('sha256', key).update(`${PATH}\n${ADMIN}\n3\n${expires}`).digest('base64url');
    expect(issued().signature).toBe(expected);
  });

  it('signs the path, the account, the token version and the expiry: each changes the signature', () => {
    const base = issued().signature;
    expect(queryOf(signer.sign(`${PATH}x`, ADMIN, 3)).signature).not.toBe(base);
    expect(queryOf(signer.sign(PATH, ADMIN + 1, 3)).signature).not.toBe(base);
    expect(queryOf(signer.sign(PATH, ADMIN, 4)).signature).not.toBe(base);
    nowMs += 1000;
    expect(queryOf(signer.sign(PATH, ADMIN, 3)).signature).not.toBe(base);
    expect(queryOf(createLinkSigner(`${SECRET}!`, () => nowMs - 1000).sign(PATH, ADMIN, 3)).signature).not.toBe(base);
  });
});

describe('verify', () => {
  it('names the administrator of a link it handed out, until the link expires', async () => {
    const query = issued();
    expect(await signer.verify(PATH, query, currentVersion)).toEqual({ accountId: ADMIN });
    expect(asked).toEqual([ADMIN]);
    nowMs = (NOW_SECONDS + FILE_LINK_TTL_SECONDS) * 1000 + 999;
    expect(await signer.verify(PATH, query, currentVersion)).toEqual({ accountId: ADMIN });
    nowMs = (NOW_SECONDS + FILE_LINK_TTL_SECONDS + 1) * 1000;
    expect(await signer.verify(PATH, query, currentVersion)).toBeUndefined();
  });

  it("refuses a link once the administrator's sessions moved on, or when the account may not open links", async () => {
    const query = issued();
    versions.set(ADMIN, 4);
    expect(await signer.verify(PATH, query, currentVersion)).toBeUndefined();
    versions.delete(ADMIN);
    expect(await signer.verify(PATH, query, currentVersion)).toBeUndefined();
  });

  it('refuses a link for another file, another account, a later expiry or another secret', async () => {
    const query = issued();
    versions.set(ADMIN + 1, 3);
    expect(await signer.verify(`${PATH}x`, query, currentVersion)).toBeUndefined();
    expect(await signer.verify(PATH, { ...query, account: String(ADMIN + 1) }, currentVersion)).toBeUndefined();
    expect(await signer.verify(PATH, { ...query, expires: String(Number(query.expires) + 3600) }, currentVersion)).toBeUndefined();
    const otherSecret = createLinkSigner(`${SECRET}!`, () => nowMs);
    expect(await otherSecret.verify(PATH, query, currentVersion)).toBeUndefined();
  });

  it.each([
    ['no query', undefined],
    ['a null query', null],
    ['no signature', { signature: undefined }],
    ['a signature given twice', { signature: ['a', 'b'] }],
    ['a signature one character short', 'short'],
    ['a signature with one character changed', 'changed'],
    ['an expiry that is not a whole number', { expires: '1790001800.5' }],
    ['an expiry that is not a number', { expires: 'amanhã' }],
    ['an account that is not a whole number', { account: '7.5' }],
    ['an account that is not a number', { account: 'admin' }],
  ])('refuses %s, without asking for any account', async (_what, change) => {
    const query = issued();
    const sent =
      change === 'short'
        ? { ...query, signature: query.signature.slice(0, -1) }
        : change === 'changed'
          ? { ...query, signature: `${query.signature.slice(0, -1)}${query.signature.endsWith('A') ? 'B' : 'A'}` }
          : change && typeof change === 'object'
            ? { ...query, ...change }
            : change;
    expect(await signer.verify(PATH, sent, currentVersion)).toBeUndefined();
    const checksSignature = change === 'short' || change === 'changed';
    expect(asked).toEqual(checksSignature ? [ADMIN] : []);
  });
});
