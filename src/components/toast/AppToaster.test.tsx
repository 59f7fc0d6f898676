import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { AppToaster, STAFF_HEADER_HEIGHT_PX } from './AppToaster';
import { notify } from './notify';
import { screenClearance } from './toastClearance';
import { DEFAULT_TOAST_PLACEMENT, setToastColumnFitter, setToastPlacement, type ToastPlacement } from './toastPlacement';

const texts = () => screen.queryAllByTitle('Clique ou arraste para fechar').map((toast) => toast.textContent);

afterEach(() => act(() => notify.dismissAll()));

describe('AppToaster with notify', () => {
  it('shows a repeated message once instead of stacking a twin', async () => {
    render(<AppToaster />);
    act(() => {
      notify.success('Consulta agendada com sucesso!');
      notify.success('Consulta agendada com sucesso!');
    });
    expect(await screen.findAllByText('Consulta agendada com sucesso!')).toHaveLength(1);
  });

  it('keeps different messages side by side, newest on top', async () => {
    render(<AppToaster />);
    act(() => {
      notify.error('Nome é obrigatório');
      notify.error('Número é obrigatório');
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Número é obrigatório', 'Nome é obrigatório']);
  });

  it("puts the server's reason on a second line beneath the message", async () => {
    render(<AppToaster />);
    act(() => notify.error('Erro ao alterar senha', { description: 'Senha atual incorreta.' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao alterar senha')).toBeInTheDocument();
    expect(within(alert).getByText('Senha atual incorreta.')).toBeInTheDocument();
  });

  it('shows the same text again once the first was closed', async () => {
    render(<AppToaster />);
    act(() => notify.info('Link copiado com sucesso!'));
    expect(await screen.findByText('Link copiado com sucesso!')).toBeInTheDocument();
    act(() => notify.dismissAll());
    expect(screen.queryByText('Link copiado com sucesso!')).not.toBeInTheDocument();
    act(() => notify.info('Link copiado com sucesso!'));
    expect(await screen.findByText('Link copiado com sucesso!')).toBeInTheDocument();
  });
});

describe('AppToaster placement', () => {
  it('puts the toasts below the header, and no wider than the margin beside the forms’ dialogs', async () => {
    render(<AppToaster />);
    act(() => notify.success('Login realizado com sucesso!'));
    const area = (await screen.findByText('Login realizado com sucesso!')).closest('[data-toaster]') as HTMLElement;
    expect(parseInt(area.style.top, 10)).toBeGreaterThan(STAFF_HEADER_HEIGHT_PX);
    expect((area.firstElementChild as HTMLElement).style.maxWidth).toContain('42rem');
  });

  const jsdomWidth = window.innerWidth;
  // As the staff's layout sets it.
  beforeEach(() => setToastColumnFitter(screenClearance));
  afterEach(() => {
    window.innerWidth = jsdomWidth;
    setToastColumnFitter(null);
  });

  /** An open Chakra dialog as the toaster finds it, its box and its header's as given. */
  function OpenDialog({ right, headerBottom }: { right: number; headerBottom: number }) {
    const box = (values: Partial<DOMRect>) => (element: HTMLElement | null) => {
      if (element) element.getBoundingClientRect = () => ({ ...new DOMRect(), ...values });
    };
    return (
      <div data-scope="dialog" data-part="content" data-state="open" ref={box({ right })}>
        <div data-part="header" ref={box({ bottom: headerBottom })} />
      </div>
    );
  }

  it('fits beside an open dialog where the margin allows', async () => {
    window.innerWidth = 1920;
    render(<OpenDialog right={1296} headerBottom={124} />);
    render(<AppToaster />);
    act(() => notify.error('Nome é obrigatório'));
    const area = (await screen.findByText('Nome é obrigatório')).closest('[data-toaster]') as HTMLElement;
    // 1920 − 1296 − 8 px from the dialog − 16 px from the edge.
    expect((area.firstElementChild as HTMLElement).style.maxWidth).toBe('380px');
    expect(area.style.top).toBe(`${STAFF_HEADER_HEIGHT_PX + 12}px`);
    window.innerWidth = 1560;
    act(() => notify.error('Email é obrigatório'));
    await screen.findByText('Email é obrigatório');
    expect((area.firstElementChild as HTMLElement).style.maxWidth).toBe('240px');
  });

  it('goes below the header and close button of a dialog too wide to leave room beside it', async () => {
    window.innerWidth = 1280;
    render(<OpenDialog right={1088} headerBottom={124} />);
    render(<AppToaster />);
    act(() => notify.error('Nome é obrigatório'));
    const area = (await screen.findByText('Nome é obrigatório')).closest('[data-toaster]') as HTMLElement;
    expect(area.style.top).toBe('132px');
  });

  /** A screen's title row with its actions ('Novo …') at the box given, as PageHeader marks them. */
  function ScreenActions({ left, right, top, bottom }: { left: number; right: number; top: number; bottom: number }) {
    const box = (element: HTMLElement | null) => {
      if (element) element.getBoundingClientRect = () => ({ ...new DOMRect(), left, right, top, bottom });
    };
    return (
      <main>
        <div data-page-actions="" ref={box} />
      </main>
    );
  }

  it("keeps below the screen's actions when they reach into its column, so 'Novo …' stays clickable", async () => {
    window.innerWidth = 1280;
    render(<ScreenActions left={1090} right={1248} top={92} bottom={132} />);
    render(<AppToaster />);
    act(() => notify.success('Parceiro cadastrado com sucesso!'));
    const area = (await screen.findByText('Parceiro cadastrado com sucesso!')).closest('[data-toaster]') as HTMLElement;
    expect(area.style.top).toBe('140px');
  });

  it("stays below the header when the screen's actions are left of its column or scrolled away", async () => {
    window.innerWidth = 1280;
    const { unmount } = render(<ScreenActions left={300} right={480} top={92} bottom={132} />);
    render(<AppToaster />);
    act(() => notify.success('Parceiro cadastrado com sucesso!'));
    const area = (await screen.findByText('Parceiro cadastrado com sucesso!')).closest('[data-toaster]') as HTMLElement;
    expect(area.style.top).toBe(`${STAFF_HEADER_HEIGHT_PX + 12}px`);
    unmount();
    render(<ScreenActions left={1090} right={1248} top={-60} bottom={-20} />);
    act(() => notify.success('Filial cadastrada com sucesso!'));
    await screen.findByText('Filial cadastrada com sucesso!');
    expect(area.style.top).toBe(`${STAFF_HEADER_HEIGHT_PX + 12}px`);
  });

  it('moves from beside a dialog to below the actions when the dialog closes with its toast still shown', async () => {
    window.innerWidth = 1280;
    render(<ScreenActions left={1090} right={1248} top={92} bottom={132} />);
    const { container } = render(<OpenDialog right={1088} headerBottom={190} />);
    render(<AppToaster />);
    act(() => notify.success('Parceiro cadastrado com sucesso!'));
    const area = (await screen.findByText('Parceiro cadastrado com sucesso!')).closest('[data-toaster]') as HTMLElement;
    expect(area.style.top).toBe('198px');
    // The save closes its dialog: Chakra marks it closed before removing it.
    act(() => (container.firstElementChild as HTMLElement).setAttribute('data-state', 'closed'));
    await waitFor(() => expect(area.style.top).toBe('140px'));
  });
});

describe('AppToaster limit', () => {
  it('shows only the three newest, and dismisses the older ones for good', async () => {
    render(<AppToaster />);
    const messages = ['Nome é obrigatório', 'CPF é obrigatório', 'Email é obrigatório', 'Telefone é obrigatório', 'CEP é obrigatório'];
    act(() => messages.forEach((message) => notify.error(message)));
    await screen.findByText('CEP é obrigatório');
    expect(texts()).toEqual(['CEP é obrigatório', 'Telefone é obrigatório', 'Email é obrigatório']);
    // Closing the newest does not bring a dismissed one back.
    act(() => screen.getByText('CEP é obrigatório').dispatchEvent(new PointerEvent('pointerup', { bubbles: true })));
    expect(texts()).toEqual(['Telefone é obrigatório', 'Email é obrigatório']);
  });

  it('brings a message shown again with onTop to the top, where a plain repeat stays in its place', async () => {
    render(<AppToaster />);
    act(() => {
      notify.error('Nome é obrigatório');
      notify.error('CPF é obrigatório');
      notify.error('Nome é obrigatório');
    });
    await screen.findByText('CPF é obrigatório');
    expect(texts()).toEqual(['CPF é obrigatório', 'Nome é obrigatório']);
    act(() => notify.error('Nome é obrigatório', { onTop: true }));
    expect(texts()).toEqual(['Nome é obrigatório', 'CPF é obrigatório']);
  });
});

function PageAskingFor({ placement }: { placement: ToastPlacement }) {
  useEffect(() => {
    setToastPlacement(placement);
    return () => setToastPlacement(DEFAULT_TOAST_PLACEMENT);
  }, [placement]);
  return null;
}

describe('AppToaster placement asked by a page', () => {
  it('goes to the bottom right while the page is mounted, and back below the header after it', async () => {
    const page = render(<PageAskingFor placement="bottom-end" />);
    render(<AppToaster />);
    act(() => notify.error('Falha no pagamento'));
    const area = (await screen.findByText('Falha no pagamento')).closest('[data-toaster]') as HTMLElement;
    expect(area.style.bottom).toBe('16px');
    expect(area.style.top).toBe('');
    page.unmount();
    expect(parseInt(area.style.top, 10)).toBeGreaterThan(STAFF_HEADER_HEIGHT_PX);
    expect(area.style.bottom).toBe('');
  });
});
