import { webhookTokenMatches } from './webhooks';

/** The gateway webhook's token check (webhooks.ts): no token configured or received never matches. */
describe('webhookTokenMatches', () => {
  it('matches the configured token exactly', () => {
    expect(webhookTokenMatches('segredo-do-webhook', 'segredo-do-webhook')).toBe(true);
  });

  it.each([
    ['another token', 'segredo-do-webhoox', 'segredo-do-webhook'],
    ['a longer token', 'segredo-do-webhook!', 'segredo-do-webhook'],
    ['a prefix', 'segredo', 'segredo-do-webhook'],
    ['no token received', undefined, 'segredo-do-webhook'],
    ['an empty token received', '', 'segredo-do-webhook'],
    ['no token configured', 'segredo-do-webhook', undefined],
    ['an empty token configured, and received', '', ''],
    ['nothing configured nor received', undefined, undefined],
  ])('refuses %s', (_case, received, expected) => {
    expect(webhookTokenMatches(received, expected)).toBe(false);
  });
});
