import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CHECKOUT_MESSAGES, CHECKOUT_TEXTS, type CheckoutConfig } from '../../../domain/checkout';
import { CEP_MESSAGES } from '../../../domain/cep';
import { PIX_TEXTS, type PixCharge, type PixChargeStatus } from '../../../domain/pix';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import type { CheckoutState } from '../checkoutSlice';
import { makeCheckoutStore } from '../checkoutStore';
import * as redirect from '../redirect';
import CheckoutPage from './CheckoutPage';

const CUSTOMER_SITE = 'https://cliente.exemplo.com.br/entrar';
const config: CheckoutConfig = {
  customerSiteUrl: CUSTOMER_SITE,
  supportEmail: 'suporte@exemplo.com.br',
  supportPhone: null,
  companyName: 'Portal Saúde',
  privacyPolicyUrl: null,
};
const { labels } = CHECKOUT_TEXTS;
const charge: PixCharge = {
  orderId: '0b5a1f3e-8c1d-4e7a-9f00-1234567890ab',
  payload: '00020126440014br.gov.bcb.pix0122pix@portalsaude.com.br520400005303986540539.905802BR5912PORTAL SAUDE6009SAO PAULO6304ABCD',
  qrCodeImage: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  expiresAt: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
  simulation: true,
};

interface Backend {
  pixBodies: Array<Record<string, unknown>>;
  cepsAsked: string[];
  status: PixChargeStatus['status'];
}

/** The fake server: settings, Pix charge and status, and the CEP lookup answering `cep` (or failing). */
function backend(cep: () => Response = () => HttpResponse.json({ message: 'indisponível' }, { status: 503 })): Backend {
  const state: Backend = { pixBodies: [], cepsAsked: [], status: 'waiting' };
  server.use(
    http.get('*/api/checkout/config', () => HttpResponse.json(config)),
    http.post('*/api/payment/pix', async ({ request }) => {
      state.pixBodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ success: true, ...charge, expiresAt: new Date(Date.now() + 30 * 60 * 1000).toISOString() });
    }),
    http.get('*/api/payment/pix/:orderId', () => HttpResponse.json({ status: state.status, expiresAt: charge.expiresAt })),
    http.post('*/api/payment/pix/:orderId/simulate', () => {
      state.status = 'paid';
      return HttpResponse.json({ status: 'paid', expiresAt: charge.expiresAt });
    }),
    http.get('*/api/cep/:cep', ({ params }) => {
      state.cepsAsked.push(String(params.cep));
      return cep();
    }),
  );
  return state;
}

function renderCheckout(preloaded?: Partial<CheckoutState>) {
  const store = makeCheckoutStore(preloaded);
  const view = renderWithProviders(<CheckoutPage store={store} />, { route: '/checkout?rev=42', path: '/checkout' });
  const user = userEvent.setup({ delay: null, advanceTimers: (ms: number) => jest.advanceTimersByTime(ms) });
  return { ...view, store, user };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;
type User = ReturnType<typeof userEvent.setup>;

async function fillBuyer(user: User) {
  const values: Array<[string, string]> = [
    [labels.name, 'Joana Compradora'],
    [labels.cpfCnpj, '52998224725'],
    [labels.email, 'joana@exemplo.com.br'],
    [labels.phone, '1133334444'],
    [labels.postalCode, '01310100'],
    [labels.address, 'Avenida Paulista'],
    [labels.addressNumber, '1000'],
    [labels.province, 'Bela Vista'],
    [labels.city, 'São Paulo'],
  ];
  for (const [label, value] of values) {
    await user.click(field(label));
    await user.paste(value);
  }
  await user.selectOptions(field(labels.state), 'SP');
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('paying by Pix', () => {
  it('offers the card (chosen) and Pix; with Pix the card section goes and the button reads "Gerar Pix"', async () => {
    backend();
    const { user, store } = renderCheckout();
    expect(screen.getByRole('radio', { name: 'Cartão de crédito' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Dados do Cartão' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pix' }));
    expect(store.getState().checkout?.method).toBe('pix');
    expect(screen.queryByRole('group', { name: 'Dados do Cartão' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Número do cartão/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: PIX_TEXTS.generate })).toBeEnabled();
  });

  it('says a Pix is charged once, even for a monthly plan, and that the page takes Pix', async () => {
    backend();
    const { user } = renderCheckout();
    await user.click(screen.getByRole('radio', { name: 'Plano Individual' }));
    expect(screen.getByText(CHECKOUT_TEXTS.monthlyNote)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_TEXTS.subtitle)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pix' }));
    expect(screen.getByText(PIX_TEXTS.oneOffNote)).toBeInTheDocument();
    expect(screen.queryByText(CHECKOUT_TEXTS.monthlyNote)).not.toBeInTheDocument();
    const summary = screen.getByRole('region', { name: CHECKOUT_TEXTS.sections.summary });
    expect(within(summary).queryByText(new RegExp(CHECKOUT_TEXTS.monthly))).not.toBeInTheDocument();
    expect(screen.getByText(PIX_TEXTS.subtitle)).toBeInTheDocument();
  });

  it('creates the charge without card data, shows QR code, code, copy and time left, then confirms and redirects', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const redirectTo = jest.spyOn(redirect, 'redirectTo').mockImplementation(() => undefined);
    const fake = backend();
    const { user, store } = renderCheckout();
    await user.click(screen.getByRole('radio', { name: 'Pix' }));
    await fillBuyer(user);
    await user.click(screen.getByRole('button', { name: PIX_TEXTS.generate }));

    expect(await screen.findByRole('img', { name: PIX_TEXTS.qrCodeAlt })).toHaveAttribute('src', charge.qrCodeImage);
    // The panel takes the focus, so a phone scrolls to it.
    expect(screen.getByRole('heading', { name: PIX_TEXTS.panelTitle })).toHaveFocus();
    expect(fake.pixBodies).toHaveLength(1);
    expect(fake.pixBodies[0]).toMatchObject({ cpfCnpj: '52998224725', postalCode: '01310100', rev: '42' });
    expect(fake.pixBodies[0]).not.toHaveProperty('creditCard');
    expect(screen.getByLabelText(PIX_TEXTS.codeLabel)).toHaveValue(charge.payload);
    expect(screen.getByLabelText(PIX_TEXTS.codeLabel)).toHaveAttribute('readonly');
    expect(screen.getByText(/^Expira em (29:5\d|30:00)$/)).toBeInTheDocument();
    // The buyer's data the charge was made for is locked.
    expect(field(labels.name)).toBeDisabled();

    // user-event stands in for the clipboard (installed by its setup): watch what the button writes.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: PIX_TEXTS.copy }));
    expect(await screen.findByText(PIX_TEXTS.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(charge.payload);

    // The page follows the charge: paid at the gateway, confirmed at the next poll.
    fake.status = 'paid';
    act(() => jest.advanceTimersByTime(3100));
    expect(await screen.findByRole('heading', { name: PIX_TEXTS.paid })).toBeInTheDocument();
    expect(store.getState().checkout?.pix).toBe('redirecting');
    expect(redirectTo).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2600));
    expect(redirectTo).toHaveBeenCalledWith(CUSTOMER_SITE);
    expect(screen.getByText(CHECKOUT_MESSAGES.success)).toBeInTheDocument();
  });

  it('shows the open charge of a preloaded store and pays it with "Simular pagamento" (sandbox)', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    jest.spyOn(redirect, 'redirectTo').mockImplementation(() => undefined);
    backend();
    const order = { orderId: charge.orderId, plan: 'plano_individual' as const, value: 44.9, email: 'joana@exemplo.com.br' };
    const { user, store } = renderCheckout({ method: 'pix', pix: 'waiting', pixCharge: charge, pixOrder: order });
    expect(screen.getByRole('radio', { name: 'Pix' })).toBeChecked();
    await user.click(await screen.findByRole('button', { name: PIX_TEXTS.simulate }));
    expect(await screen.findByRole('heading', { name: PIX_TEXTS.paid })).toBeInTheDocument();
    expect(screen.getByText('R$ 44,90')).toBeInTheDocument();
    expect(store.getState().checkout?.order).toEqual(order);
  });

  it('tells an expired code and offers a new one', async () => {
    backend();
    renderCheckout({ method: 'pix', pix: 'expired', pixCharge: { ...charge, expiresAt: new Date(Date.now() - 1000).toISOString() } });
    expect(await screen.findByText(PIX_TEXTS.expired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PIX_TEXTS.renew })).toBeEnabled();
    expect(screen.queryByRole('img', { name: PIX_TEXTS.qrCodeAlt })).not.toBeInTheDocument();
    expect(field(labels.name)).toBeEnabled();
  });

  it('hides "Simular pagamento" for a real gateway’s charge', async () => {
    backend();
    renderCheckout({ method: 'pix', pix: 'waiting', pixCharge: { ...charge, simulation: false } });
    expect(await screen.findByRole('img', { name: PIX_TEXTS.qrCodeAlt })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PIX_TEXTS.simulate })).not.toBeInTheDocument();
  });
});

describe('a Pix charge that fails', () => {
  it.each([
    [
      'the gateway refuses it',
      'Pix indisponível no momento.',
      'new',
      () => HttpResponse.json({ success: false, error: 'Pix indisponível no momento.' }),
    ],
    ['the refusal says nothing', CHECKOUT_MESSAGES.unexpected, 'new', () => HttpResponse.json({ success: false })],
    ['the network fails', CHECKOUT_MESSAGES.unexpected, 'same', () => HttpResponse.error()],
  ] as const)(
    'when %s: “Falha no pagamento” and “%s”, no code, the form open, and a retry 3 s later with the %s key',
    async (_case, message, key, answer) => {
      jest.useFakeTimers({ advanceTimers: true });
      backend();
      const keys: Array<string | null> = [];
      server.use(
        http.post('*/api/payment/pix', ({ request }) => {
          keys.push(request.headers.get('Idempotency-Key'));
          return answer();
        }),
      );
      const { user, store } = renderCheckout();
      await user.click(screen.getByRole('radio', { name: 'Pix' }));
      await fillBuyer(user);
      const generate = () => screen.getByRole('button', { name: PIX_TEXTS.generate });
      await user.click(generate());

      expect(await screen.findByText(CHECKOUT_MESSAGES.failure)).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: PIX_TEXTS.qrCodeAlt })).not.toBeInTheDocument();
      expect(store.getState().checkout?.pixCharge ?? null).toBeNull();
      expect(field(labels.name)).toBeEnabled();
      // The button keeps its spinner while the toasts are read, then offers the charge again.
      expect(screen.getByRole('button', { name: PIX_TEXTS.generating })).toBeDisabled();
      act(() => jest.advanceTimersByTime(3100));
      expect(generate()).toBeEnabled();

      await user.click(generate());
      await waitFor(() => expect(keys).toHaveLength(2));
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      if (key === 'same') expect(keys[1]).toBe(keys[0]);
      else expect(keys[1]).not.toBe(keys[0]);
    },
  );
});

describe('the address from the CEP', () => {
  it('fills street, neighbourhood, city and UF when the CEP has 8 digits, and moves to "Número"', async () => {
    const fake = backend(() =>
      HttpResponse.json({ cep: '01310100', street: 'Avenida Paulista', neighbourhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }),
    );
    const { user } = renderCheckout();
    await user.type(field(labels.postalCode), '0131010');
    expect(fake.cepsAsked).toEqual([]);
    await user.type(field(labels.postalCode), '0');
    await waitFor(() => expect(field(labels.address)).toHaveValue('Avenida Paulista'));
    expect(fake.cepsAsked).toEqual(['01310100']);
    expect(field(labels.province)).toHaveValue('Bela Vista');
    expect(field(labels.city)).toHaveValue('São Paulo');
    expect(field(labels.state)).toHaveValue('SP');
    await waitFor(() => expect(field(labels.addressNumber)).toHaveFocus());
  });

  it('changes no field and shows no toast when the lookup fails, but says why under the CEP while it is there', async () => {
    const fake = backend(() => HttpResponse.json({ message: CEP_MESSAGES.notFound }, { status: 404 }));
    const { user } = renderCheckout();
    await user.type(field(labels.address), 'Rua digitada');
    await user.type(field(labels.postalCode), '99999999');
    await waitFor(() => expect(fake.cepsAsked).toEqual(['99999999']));
    const note = `${CEP_MESSAGES.notFound} ${CEP_MESSAGES.fillByHand}`;
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(field(labels.postalCode)).toHaveAccessibleDescription(note);
    expect(field(labels.postalCode)).not.toHaveAttribute('aria-invalid', 'true');
    expect(field(labels.address)).toHaveValue('Rua digitada');
    expect(field(labels.city)).toHaveValue('');
    expect(field(labels.city)).toBeEnabled();
    expect(screen.queryAllByRole('alert').filter((element) => element.title === 'Clique ou arraste para fechar')).toHaveLength(0);
    // Another CEP: the note goes.
    await user.type(field(labels.postalCode), '{Backspace}');
    expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  it('says the lookup is unavailable when no answer came', async () => {
    backend(() => HttpResponse.error());
    const { user } = renderCheckout();
    await user.type(field(labels.postalCode), '01310100');
    expect(await screen.findByText(`${CEP_MESSAGES.unavailable} ${CEP_MESSAGES.fillByHand}`)).toBeInTheDocument();
  });
});
