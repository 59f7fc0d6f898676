import type { FastifyInstance } from 'fastify';
import { PARAMETER_NAMES } from '../../../src/domain/parameters';
import { createTestApp } from '../../test/helpers';
import { setParameters as setParametersOf } from '../../test/payments';
import { checkoutConfig } from './checkoutConfig';

/**
 * What the public checkout is told of the system parameters (checkoutConfig.ts): the support
 * contacts, the company, and only http(s) addresses. On PGlite without the demo data.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const FALLBACK_SITE = 'https://fallback.exemplo.com.br';

/** Sets the parameters given (creating those an install lacks) and leaves the others as they are. */
const setParameters = (values: Record<string, string>) => setParametersOf(app.db, values);

describe('the checkout’s configuration', () => {
  it('gives the public parameters, trimmed, and nothing else', async () => {
    await setParameters({
      [PARAMETER_NAMES.customerSiteUrl]: ' https://cliente.exemplo.com.br ',
      [PARAMETER_NAMES.supportEmail]: ' suporte@exemplo.com.br ',
      [PARAMETER_NAMES.supportPhone]: '(11) 4002-8922',
      [PARAMETER_NAMES.companyName]: 'Saúde Exemplo',
      [PARAMETER_NAMES.privacyPolicyUrl]: 'http://exemplo.com.br/privacidade',
      segredo_interno: 'não mostrar',
    });
    expect(await checkoutConfig(app.db, FALLBACK_SITE)).toEqual({
      customerSiteUrl: 'https://cliente.exemplo.com.br',
      supportEmail: 'suporte@exemplo.com.br',
      supportPhone: '(11) 4002-8922',
      companyName: 'Saúde Exemplo',
      privacyPolicyUrl: 'http://exemplo.com.br/privacidade',
    });
  });

  it('gives null for a blank parameter, and the configured site when the parameter is blank', async () => {
    await setParameters({
      [PARAMETER_NAMES.customerSiteUrl]: '   ',
      [PARAMETER_NAMES.supportEmail]: '',
      [PARAMETER_NAMES.supportPhone]: ' ',
      [PARAMETER_NAMES.companyName]: '',
      [PARAMETER_NAMES.privacyPolicyUrl]: '',
    });
    expect(await checkoutConfig(app.db, FALLBACK_SITE)).toEqual({
      customerSiteUrl: FALLBACK_SITE,
      supportEmail: null,
      supportPhone: null,
      companyName: null,
      privacyPolicyUrl: null,
    });
    expect((await checkoutConfig(app.db, undefined)).customerSiteUrl).toBeNull();
  });

  it('never gives an address that is not http(s): the site falls back, the policy is left out', async () => {
    await setParameters({
      [PARAMETER_NAMES.customerSiteUrl]: 'javascript:alert(1)',
      [PARAMETER_NAMES.privacyPolicyUrl]: 'ftp://exemplo.com.br/privacidade',
    });
    const config = await checkoutConfig(app.db, FALLBACK_SITE);
    expect([config.customerSiteUrl, config.privacyPolicyUrl]).toEqual([FALLBACK_SITE, null]);
    expect((await checkoutConfig(app.db, 'data:text/html,oi')).customerSiteUrl).toBeNull();
  });
});
