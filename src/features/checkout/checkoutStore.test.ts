import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CHECKOUT_SETTINGS_ELEMENT_ID, type CheckoutConfig } from '../../domain/checkout';
import { server } from '../../test/server';
import { initialCheckoutState } from './checkoutSlice';
import { loadCheckoutCalls, makeCheckoutStore } from './checkoutStore';

const settings: CheckoutConfig = {
  customerSiteUrl: 'https://cliente.exemplo.com.br',
  supportEmail: 'suporte@exemplo.com.br',
  supportPhone: null,
  companyName: 'Saúde Já Ltda.',
  privacyPolicyUrl: null,
};

/** The settings' endpoint answering `answer`; returns how many times it was asked. */
function settingsEndpoint(answer: () => Response = () => HttpResponse.json(settings)) {
  const asked = { times: 0 };
  server.use(
    http.get('*/api/checkout/config', () => {
      asked.times += 1;
      return answer();
    }),
  );
  return asked;
}

/** The page as the server writes it: the settings' JSON block in the document. */
function settingsInThePage(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CHECKOUT_SETTINGS_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById(CHECKOUT_SETTINGS_ELEMENT_ID)?.remove());

describe("the checkout's store", () => {
  it('starts without the api, and holds the settings the server wrote into the page', () => {
    settingsInThePage(JSON.stringify(settings));
    const store = makeCheckoutStore();
    expect(store.getState()).toEqual({ checkout: { ...initialCheckoutState, settings } });
  });

  it('joins the calls once, however often they are asked for, and then answers calls', async () => {
    settingsInThePage(JSON.stringify(settings));
    const asked = settingsEndpoint();
    const store = makeCheckoutStore();
    const [first, second] = await Promise.all([loadCheckoutCalls(store), loadCheckoutCalls(store)]);
    expect(second).toBe(first);
    expect(store.getState().api).toBeDefined();
    const answer = await store.dispatch(first.checkoutApi.endpoints.checkoutConfig.initiate(undefined, { subscribe: false }));
    expect(answer.data).toEqual(settings);
    // Written in the page, the settings were not asked for when the calls came.
    expect(asked.times).toBe(1);
  });

  it('asks for the settings with the calls when the page came without them, once', async () => {
    const asked = settingsEndpoint();
    const store = makeCheckoutStore();
    expect(store.getState().checkout.settings).toBeNull();
    await loadCheckoutCalls(store);
    await loadCheckoutCalls(store);
    await waitFor(() => expect(store.getState().checkout.settings).toEqual(settings));
    expect(asked.times).toBe(1);
  });

  it('goes on without settings when they cannot be read, from the page or the server', async () => {
    settingsInThePage('{not json');
    const asked = settingsEndpoint(() => HttpResponse.json({ message: 'Erro interno' }, { status: 500 }));
    const store = makeCheckoutStore();
    expect(store.getState().checkout.settings).toBeNull();
    await loadCheckoutCalls(store);
    await waitFor(() => expect(asked.times).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().checkout.settings).toBeNull();
  });
});
