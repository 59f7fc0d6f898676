import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { notify } from '../../../components/toast/notify';
import {
  CHECKOUT_MESSAGES,
  CHECKOUT_SETTINGS_ELEMENT_ID,
  CHECKOUT_TEXTS,
  CHECKOUT_TIMING,
  CHECKOUT_VALIDATION as V,
  type CheckoutConfig,
} from '../../../domain/checkout';
import { UFS } from '../../../domain/ufs';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { makeCheckoutStore } from '../checkoutStore';
import * as redirect from '../redirect';
import CheckoutPage from './CheckoutPage';

const CUSTOMER_SITE = 'https://cliente.exemplo.com.br/entrar';
const config: CheckoutConfig = {
  customerSiteUrl: CUSTOMER_SITE,
  supportEmail: 'suporte@exemplo.com.br',
  supportPhone: '(11) 4002-8922',
  companyName: 'Portal Saúde',
  privacyPolicyUrl: null,
};
const { labels } = CHECKOUT_TEXTS;
const nextYear = String(new Date().getFullYear() + 1);

interface SentPayment {
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** The fake server: the public settings, and POST /api/payment answering `answer` (every request is kept). */
function backend(answer: () => Response | Promise<Response> = () => HttpResponse.json({ success: true })) {
  const sent: SentPayment[] = [];
  server.use(
    http.get('*/api/checkout/config', () => HttpResponse.json(config)),
    // The CEP lookup is off here: the address stays as typed (CheckoutPixAndCep.test.tsx fills it).
    http.get('*/api/cep/:cep', () => HttpResponse.json({ message: 'Consulta de CEP indisponível no momento.' }, { status: 503 })),
    http.post('*/api/payment', async ({ request }) => {
      sent.push({ body: (await request.json()) as Record<string, unknown>, idempotencyKey: request.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
  return sent;
}

function renderCheckout(options: { fakeTimers?: boolean; route?: string } = {}) {
  const view = renderWithProviders(<CheckoutPage />, { route: options.route ?? '/checkout?rev=42', path: '/checkout' });
  // No pause between keystrokes; with fake timers, user-event must move the clock too.
  const user = userEvent.setup({
    delay: null,
    ...(options.fakeTimers ? { advanceTimers: (ms: number) => jest.advanceTimersByTime(ms) } : {}),
  });
  return { ...view, user };
}

type User = ReturnType<typeof userEvent.setup>;
/** A field by its exact label (the required mark '*' aside). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;

/** Fills every field as a paste (one change each, masks applied), the way autofill does. */
async function fillValidForm(user: User, card = '4444 4444 4444 4444') {
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
    [labels.number, card],
    [labels.holderName, 'JOANA C'],
    [labels.expiryMonth, '12'],
    [labels.expiryYear, nextYear],
    [labels.ccv, '123'],
  ];
  for (const [label, value] of values) {
    await user.click(field(label));
    await user.paste(value);
  }
  await user.selectOptions(field(labels.state), 'SP');
}

const payButton = () => screen.getByRole('button', { name: /^Pagar|Processando/ });
const toasts = () => screen.queryAllByRole('alert').filter((element) => element.title === 'Clique ou arraste para fechar');

/**
 * Toasts that stay while the test reads them: on a busy CI machine more than the checkout's 5 s
 * passed between a refused submit and the check of its toasts, which had closed by then.
 */
const keepToastsOpen = () => jest.replaceProperty(CHECKOUT_TIMING, 'toastMs', 60_000 as typeof CHECKOUT_TIMING.toastMs);

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the checkout page', () => {
  it('shows the title, the four sections, the three plans with consulta_avulsa chosen and the pay button', async () => {
    backend();
    const { user } = renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout de Pagamento' })).toBeInTheDocument();
    for (const legend of ['Plano', 'Dados Pessoais', 'Endereço', 'Dados do Cartão']) {
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: 'Consulta Avulsa' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Plano Individual' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Plano Individual Premium' })).not.toBeChecked();
    const plans = screen.getByRole('group', { name: 'Plano' });
    for (const price of ['R$ 39,90', 'R$ 44,90', 'R$ 59,90']) expect(within(plans).getAllByText(price).length).toBeGreaterThan(0);
    expect(payButton()).toHaveTextContent('Pagar R$ 39,90 (Consulta Avulsa)');

    await user.click(screen.getByRole('radio', { name: 'Plano Individual Premium' }));
    expect(payButton()).toHaveTextContent('Pagar R$ 59,90 (Plano Individual Premium)');
    expect(screen.getByTestId('total-hoje')).toHaveTextContent('R$ 59,90');
    expect(screen.getByText(CHECKOUT_TEXTS.monthlyNote)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: config.supportEmail! })).toHaveAttribute('href', `mailto:${config.supportEmail}`);
  });

  it('offers the 27 UFs and the autocomplete hints phones use to fill the form', () => {
    backend();
    renderCheckout();
    const state = field(labels.state) as unknown as HTMLSelectElement;
    expect([...state.options].map((option) => option.value).filter(Boolean)).toEqual(UFS.map((uf) => uf.code));
    const expected: Record<string, string> = {
      [labels.number]: 'cc-number',
      [labels.expiryMonth]: 'cc-exp-month',
      [labels.expiryYear]: 'cc-exp-year',
      [labels.ccv]: 'cc-csc',
      [labels.holderName]: 'cc-name',
      [labels.postalCode]: 'postal-code',
      [labels.email]: 'email',
      [labels.phone]: 'tel',
    };
    for (const [label, autocomplete] of Object.entries(expected)) expect(field(label)).toHaveAttribute('autocomplete', autocomplete);
  });

  it('refuses an empty form: one error toast per failing field (the first three on screen), each message under its field, the focus on the first', async () => {
    const sent = backend();
    keepToastsOpen();
    const requested = jest.spyOn(notify, 'error');
    const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = renderCheckout();
    await user.click(payButton());
    // In the page's order.
    const required: Array<[string, string]> = [
      [labels.name, V.nameRequired],
      [labels.cpfCnpj, V.cpfCnpjRequired],
      [labels.email, V.emailRequired],
      [labels.phone, V.phoneRequired],
      [labels.postalCode, V.postalCodeRequired],
      [labels.address, V.addressRequired],
      [labels.addressNumber, V.addressNumberRequired],
      [labels.province, V.provinceRequired],
      [labels.city, V.cityRequired],
      [labels.state, V.stateRequired],
      [labels.holderName, V.holderNameRequired],
      [labels.number, V.cardNumberRequired],
      [labels.expiryMonth, V.expiryMonthRequired],
      [labels.expiryYear, V.expiryYearRequired],
      [labels.ccv, V.ccvRequired],
    ];
    // The first failing field gets the focus, scrolled to the middle of the screen (clear of the toasts and the pay bar).
    await waitFor(() => expect(field(labels.name)).toHaveFocus());
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    expect(scrolled.mock.contexts.at(-1)).toBe(field(labels.name));
    expect(requested.mock.calls.map(([message]) => message).sort()).toEqual(required.map(([, message]) => message).sort());
    // Only three stay on screen: the first failing fields', top to bottom in the page's order.
    await waitFor(() => expect(toasts().map((toast) => toast.textContent)).toEqual([V.nameRequired, V.cpfCnpjRequired, V.emailRequired]));
    for (const [label, message] of required) expect(field(label)).toHaveAccessibleErrorMessage(message);
    expect(sent).toHaveLength(0);
  });

  it('puts the first three failing fields on top again on a second refused submit', async () => {
    backend();
    keepToastsOpen();
    const { user } = renderCheckout();
    await user.click(payButton());
    await waitFor(() => expect(field(labels.name)).toHaveFocus());
    await user.paste('Joana Compradora');
    await user.click(payButton());
    await waitFor(() => expect(field(labels.cpfCnpj)).toHaveFocus());
    await waitFor(() => expect(toasts().map((toast) => toast.textContent)).toEqual([V.cpfCnpjRequired, V.emailRequired, V.phoneRequired]));
    expect(field(labels.name)).not.toHaveAccessibleErrorMessage(V.nameRequired);
  });

  it.each([
    [labels.cpfCnpj, '52998224724', V.cpfCnpjInvalid],
    [labels.email, 'joana@', V.emailInvalid],
    [labels.phone, '119999', V.phoneInvalid],
    [labels.postalCode, '0131', V.postalCodeInvalid],
    [labels.number, '4111111111111112', V.cardNumberInvalid],
    [labels.expiryMonth, '13', V.expiryMonthInvalid],
    [labels.expiryYear, String(new Date().getFullYear() - 1), V.cardExpired],
    [labels.ccv, '12', V.ccvInvalid],
  ])('refuses %s = %s with “%s”, as a toast and under the field', async (label, value, message) => {
    backend();
    const requested = jest.spyOn(notify, 'error');
    const { user } = renderCheckout();
    await user.type(field(label), value);
    await user.click(payButton());
    await waitFor(() => expect(field(label)).toHaveAccessibleErrorMessage(message));
    expect(requested).toHaveBeenCalledWith(message, expect.objectContaining({ duration: CHECKOUT_TIMING.toastMs }));
  });

  it('masks CPF, CNPJ, phone, CEP and card number as they are typed, within the maximum lengths', async () => {
    backend();
    const { user } = renderCheckout();
    await user.type(field(labels.cpfCnpj), '52998224725');
    expect(field(labels.cpfCnpj)).toHaveValue('529.982.247-25');
    // Typing on where the caret is (user.type would click first and place the caret by the value
    // user-event typed itself, not the one the mask made of it).
    await user.keyboard('000999');
    expect(field(labels.cpfCnpj)).toHaveValue('52.998.224/7250-00');
    await user.type(field(labels.phone), '11988887777999');
    expect(field(labels.phone)).toHaveValue('(11) 98888-7777');
    await user.type(field(labels.postalCode), '013101009');
    expect(field(labels.postalCode)).toHaveValue('01310-100');
    await user.type(field(labels.number), '44444444444444449');
    expect(field(labels.number)).toHaveValue('4444 4444 4444 4444');
    await user.type(field(labels.expiryMonth), '123');
    expect(field(labels.expiryMonth)).toHaveValue('12');
    await user.type(field(labels.expiryYear), `${nextYear}9`);
    expect(field(labels.expiryYear)).toHaveValue(nextYear);
    await user.type(field(labels.ccv), '12345');
    expect(field(labels.ccv)).toHaveValue('1234');
  });

  it.each([
    ['4111 1111 1111 1111', 'Visa'],
    ['5162 3062 1937 8829', 'Mastercard'],
    ['6363 6800 0000 0000', 'Elo'],
    ['3782 822463 10005', 'Amex'],
    ['6062 8200 0000 0000', 'Hipercard'],
  ])('shows the brand of %s: %s, and groups the number as its brand does', async (number, brand) => {
    backend();
    const { user } = renderCheckout();
    await user.type(field(labels.number), number.replace(/\s/g, ''));
    expect(screen.getByText(`Bandeira: ${brand}`)).toBeInTheDocument();
    // Its badge sits in the number field, read out by the brand's name.
    expect(screen.getByRole('img', { name: brand })).toBeInTheDocument();
    expect(field(labels.number)).toHaveValue(number);
  });

  it('never submits on Enter in a field', async () => {
    const sent = backend();
    const { user } = renderCheckout();
    await fillValidForm(user);
    await user.type(field(labels.ccv), '{Enter}');
    await user.type(field(labels.name), '{Enter}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sent).toHaveLength(0);
    expect(toasts()).toHaveLength(0);
    expect(payButton()).toHaveTextContent('Pagar R$ 39,90 (Consulta Avulsa)');
  });
});

/** Whether closing or reloading the tab now would get the browser's 'leave the page?' warning. */
const leavingIsWarned = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('paying', () => {
  it("warns before the tab is closed or reloaded while the payment's answer is on its way, and only then", async () => {
    let release!: () => void;
    backend(() => new Promise((resolve) => (release = () => resolve(HttpResponse.json({ success: false, error: 'Recusado.' })))));
    const { user } = renderCheckout();
    await fillValidForm(user);
    expect(leavingIsWarned()).toBe(false);
    await user.click(payButton());
    await waitFor(() => expect(payButton()).toHaveTextContent(CHECKOUT_TEXTS.processing));
    expect(leavingIsWarned()).toBe(true);
    act(() => release());
    expect(await screen.findByText('Recusado.')).toBeInTheDocument();
    expect(leavingIsWarned()).toBe(false);
  });

  it('sends the payload as digits with rev and a fresh Idempotency-Key, shows the spinner, then the success and the redirect after 2.5 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const redirectTo = jest.spyOn(redirect, 'redirectTo').mockImplementation(() => undefined);
    let release!: () => void;
    const sent = backend(() => new Promise((resolve) => (release = () => resolve(HttpResponse.json({ success: true })))));
    const { user } = renderCheckout({ fakeTimers: true });
    await screen.findByRole('link', { name: config.supportEmail! });
    await fillValidForm(user);
    await user.click(payButton());

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveTextContent(CHECKOUT_TEXTS.processing);
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0].body).toMatchObject({
      selectedPlan: 'consulta_avulsa',
      cpfCnpj: '52998224725',
      phone: '1133334444',
      postalCode: '01310100',
      state: 'SP',
      rev: '42',
      creditCard: { number: '4444444444444444', expiryMonth: '12', expiryYear: nextYear, ccv: '123', holderName: 'JOANA C' },
      creditCardHolderInfo: { name: 'Joana Compradora', cpfCnpj: '52998224725', phone: '1133334444', mobilePhone: '1133334444' },
    });

    act(() => release());
    expect(await screen.findByText(CHECKOUT_MESSAGES.success)).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2400));
    expect(redirectTo).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(200));
    expect(redirectTo).toHaveBeenCalledWith(CUSTOMER_SITE);
  });

  it('shows “Falha no pagamento” and the gateway’s text, and releases the button 3 s after the attempt', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const redirectTo = jest.spyOn(redirect, 'redirectTo').mockImplementation(() => undefined);
    const sent = backend(() => HttpResponse.json({ success: false, error: 'Transação não autorizada.' }));
    const { user } = renderCheckout({ fakeTimers: true });
    await fillValidForm(user, '5184 0197 4037 3151');
    await user.click(payButton());

    expect(await screen.findByText(CHECKOUT_MESSAGES.failure)).toBeInTheDocument();
    expect(screen.getByText('Transação não autorizada.')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    act(() => jest.advanceTimersByTime(2900));
    expect(payButton()).toBeDisabled();
    act(() => jest.advanceTimersByTime(200));
    expect(payButton()).toBeEnabled();
    expect(payButton()).toHaveTextContent('Pagar R$ 39,90 (Consulta Avulsa)');

    // Each attempt carries a key of its own.
    await user.click(payButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it.each([
    ['the server fails', CHECKOUT_MESSAGES.unexpected, () => new HttpResponse(null, { status: 500 })],
    ['the network fails', CHECKOUT_MESSAGES.unexpected, () => HttpResponse.error()],
    [
      'too many attempts',
      CHECKOUT_MESSAGES.tooManyAttempts,
      () => HttpResponse.json({ message: CHECKOUT_MESSAGES.tooManyAttempts }, { status: 429 }),
    ],
  ])('when %s, shows “Falha no pagamento” and “%s”', async (_case, message, answer) => {
    backend(answer);
    const { user } = renderCheckout();
    await fillValidForm(user);
    await user.click(payButton());
    expect(await screen.findByText(CHECKOUT_MESSAGES.failure)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('closes its toasts after 5 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    backend(() => HttpResponse.json({ success: false, error: 'Cartão recusado.' }));
    const { user } = renderCheckout({ fakeTimers: true });
    await fillValidForm(user);
    await user.click(payButton());
    await screen.findByText('Cartão recusado.');
    act(() => jest.advanceTimersByTime(4800));
    expect(screen.getByText('Cartão recusado.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1500));
    await waitFor(() => expect(screen.queryByText('Cartão recusado.')).not.toBeInTheDocument());
  });
});

describe('one charge per click, and a clear end', () => {
  const ORDER_ID = '3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f';
  const approval = () => HttpResponse.json({ success: true }, { headers: { 'Order-Id': ORDER_ID } });

  it('sends one payment for two clicks that arrive before the page re-renders', async () => {
    const sent = backend(approval);
    const { user } = renderCheckout();
    await fillValidForm(user);
    act(() => {
      payButton().click();
      payButton().click();
    });
    await screen.findByRole('heading', { name: CHECKOUT_TEXTS.successTitle });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sent).toHaveLength(1);
  });

  it('keeps the attempt’s key until the server answers: a retry after a lost answer reuses it, a retry after a refusal does not', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const answers = [() => HttpResponse.error(), () => HttpResponse.json({ success: false, error: 'Cartão recusado.' }), approval];
    const sent = backend(() => answers[Math.min(sent.length - 1, answers.length - 1)]());
    const { user } = renderCheckout({ fakeTimers: true });
    await fillValidForm(user);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await waitFor(() => expect(payButton()).toBeEnabled());
      await user.click(payButton());
      await waitFor(() => expect(sent).toHaveLength(attempt));
      if (attempt < 3) {
        await screen.findByText(CHECKOUT_MESSAGES.failure);
        act(() => jest.advanceTimersByTime(3100));
      }
    }
    // Lost answer: the same attempt again. Refused: answered, so the next payment is a new attempt.
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
    expect(sent[2].idempotencyKey).not.toBe(sent[1].idempotencyKey);
  });

  it('after a decline then an approval: the red toasts go, the form gives way to the order, and the redirect says where', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const redirectTo = jest.spyOn(redirect, 'redirectTo').mockImplementation(() => undefined);
    const answers = [() => HttpResponse.json({ success: false, error: 'Cartão recusado.' }), approval];
    const sent = backend(() => answers[sent.length - 1]());
    const { user } = renderCheckout({ fakeTimers: true });
    await screen.findByRole('link', { name: config.supportEmail! });
    await fillValidForm(user);
    await user.click(payButton());
    await screen.findByText('Cartão recusado.');
    act(() => jest.advanceTimersByTime(3100));
    await user.click(screen.getByRole('radio', { name: 'Plano Individual' }));
    await user.click(payButton());

    const confirmation = await screen.findByRole('region', { name: CHECKOUT_TEXTS.successTitle });
    await waitFor(() => expect(screen.queryByText('Cartão recusado.')).not.toBeInTheDocument());
    expect(screen.queryByText(CHECKOUT_MESSAGES.failure)).not.toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.success)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pagar|Processando/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(new RegExp(labels.number))).not.toBeInTheDocument();
    for (const text of [
      'Plano Individual',
      'R$ 44,90',
      ORDER_ID,
      'joana@exemplo.com.br',
      CHECKOUT_TEXTS.redirectingTo('cliente.exemplo.com.br'),
    ]) {
      expect(within(confirmation).getByText(text)).toBeInTheDocument();
    }
    expect(window.location.search).toBe(`?pedido=${ORDER_ID}`);
    act(() => jest.advanceTimersByTime(2600));
    expect(redirectTo).toHaveBeenCalledWith(CUSTOMER_SITE);
  });

  it('shows the confirmation again from its URL, without the form or card data, and says when the link expired', async () => {
    backend();
    server.use(
      http.get(`*/api/payment/orders/${ORDER_ID}`, () =>
        HttpResponse.json({ orderId: ORDER_ID, plan: 'plano_individual_premium', value: 59.9, email: 'joana@exemplo.com.br' }),
      ),
      http.get('*/api/payment/orders/expirado', () => HttpResponse.json({ message: CHECKOUT_MESSAGES.orderNotFound }, { status: 404 })),
    );
    const view = renderCheckout({ route: `/checkout?pedido=${ORDER_ID}` });
    const confirmation = await screen.findByRole('region', { name: CHECKOUT_TEXTS.successTitle });
    expect(within(confirmation).getByText('Plano Individual Premium')).toBeInTheDocument();
    expect(within(confirmation).getByText('R$ 59,90')).toBeInTheDocument();
    expect(within(confirmation).getByText(ORDER_ID)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pagar/ })).not.toBeInTheDocument();
    view.unmount();

    renderCheckout({ route: '/checkout?pedido=expirado' });
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderNotFound)).toBeInTheDocument();
  });

  it('names the company (nome_empresa) in the page header', async () => {
    backend();
    server.use(http.get('*/api/checkout/config', () => HttpResponse.json({ ...config, companyName: 'Saúde Já Ltda.' })));
    renderCheckout();
    expect(await screen.findByText('Saúde Já Ltda.')).toBeInTheDocument();
  });

  it('with the settings written in the page: shows them at once, asks nothing, and joins the calls on the form’s first focus', async () => {
    const asked = jest.fn();
    backend();
    server.use(http.get('*/api/checkout/config', () => (asked(), HttpResponse.json(config))));
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = CHECKOUT_SETTINGS_ELEMENT_ID;
    block.textContent = JSON.stringify({ ...config, companyName: 'Saúde da Página' });
    document.head.append(block);
    try {
      const store = makeCheckoutStore();
      const { user } = renderWithProviders(<CheckoutPage store={store} />, { route: '/checkout?rev=42', path: '/checkout' });
      expect(screen.getByText('Saúde da Página')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: config.supportEmail! })).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(store.getState().api).toBeUndefined();

      await user.click(field(labels.name));
      await waitFor(() => expect(store.getState().api).toBeDefined());
      expect(asked).not.toHaveBeenCalled();
    } finally {
      block.remove();
    }
  });

  it('keeps a field reached with Tab clear of the phone’s pay bar (the page’s scroll padding), and gives it back on leaving', async () => {
    backend();
    const { unmount } = renderCheckout();
    await screen.findByRole('button', { name: /^Pagar/ });
    expect(document.documentElement.style.scrollPaddingBottom).toBe('6rem');
    unmount();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });

  it('does not repeat beside the logo a company name the logo already says', async () => {
    const answered = jest.fn();
    backend();
    server.use(http.get('*/api/checkout/config', () => (answered(), HttpResponse.json({ ...config, companyName: 'Portal Saúde' }))));
    renderCheckout();
    await waitFor(() => expect(answered).toHaveBeenCalled());
    await screen.findByRole('button', { name: /^Pagar/ });
    const header = screen.getByRole('img', { name: 'Portal Saúde' }).parentElement!;
    expect(header).not.toHaveTextContent('Portal Saúde');
  });
});
