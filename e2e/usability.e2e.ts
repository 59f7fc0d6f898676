import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page, Route } from 'playwright-core';
import { SCREEN_ERROR_TEXTS } from '../src/app/layout/ScreenErrorBoundary';
import { BRANCH_TEXTS, PARTNER_TEXTS, RESELLER_TEXTS } from '../src/domain/channels';
import { describeViolations, seriousViolations } from './support/axe';
import { SIZES } from './support/browser';
import { openCheckout } from './support/checkout';
import { DEMO_USERS, signIn } from './support/login';
import { clickMenuEntry } from './support/menu';
import { usePortal } from './support/portal';
import { screenReady } from './support/screens';

/** What makes a button look the way it does, as painted. */
async function looksOf(button: Locator) {
  return button.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      disabled: (element as HTMLButtonElement).disabled,
      opacity: Number(style.opacity),
      background: style.backgroundColor,
      color: style.color,
      filter: style.filter,
      cursor: style.cursor,
    };
  });
}

/** 80 characters without a space: a real e-mail (64-character local part) a card must still hold. */
const LONG_EMAIL = `${'a'.repeat(60)}@${'b'.repeat(12)}.com.br`;
const LONG_NAME = `Nome${'x'.repeat(76)}`;
/** The text fields of the lists' rows that are shown on the cards. */
const LONG_VALUES: Record<string, string> = {
  email: LONG_EMAIL,
  name: LONG_NAME,
  nome: LONG_NAME,
  nome_completo: LONG_NAME,
  nome_revendedor: LONG_NAME,
  parceiro_nome: LONG_NAME,
};

/** Answers a list as the server does, with its first row's texts made long and unbroken. */
async function withLongTexts(route: Route) {
  const response = await route.fetch();
  const body = (await response.json()) as unknown;
  // A bare array (beneficiaries), `{data: []}` (professionals) or `{data: {data: []}}` (resellers).
  const data = (value: unknown) => (value as { data?: unknown } | null)?.data;
  const rows = [body, data(body), data(data(body))].find(Array.isArray) ?? [];
  const first = rows[0] as Record<string, unknown> | undefined;
  if (first) for (const [key, value] of Object.entries(LONG_VALUES)) if (key in first) first[key] = value;
  await route.fulfill({ response, json: body });
}

/** Elements of a list's cards whose painted box reaches past their card, and the page's sideways overflow. */
async function overflowOfCards(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`page ${root.scrollWidth}px wide in ${root.clientWidth}px`);
    for (const card of document.querySelectorAll<HTMLElement>('main tbody tr')) {
      const edge = card.getBoundingClientRect().right + 0.5;
      for (const inner of card.querySelectorAll<HTMLElement>('td, td *')) {
        const right = inner.getBoundingClientRect().right;
        if (right > edge)
          problems.push(`${inner.tagName.toLowerCase()} "${inner.textContent?.slice(0, 30)}" ends at ${right}px, card at ${edge}px`);
      }
    }
    for (const region of document.querySelectorAll<HTMLElement>('main [role="region"]')) {
      if (region.scrollWidth > region.clientWidth + 1)
        problems.push(`list scrolls sideways: ${region.scrollWidth}px in ${region.clientWidth}px`);
    }
    return problems;
  });
}

/** Every script download refused from now on, as when the connection drops; the returned function restores it. */
async function dropScripts(page: Page) {
  const isScript = (url: URL) => /\/assets\/.+\.js$/.test(url.pathname);
  const refuse = (route: Route) => route.abort('internetdisconnected');
  await page.route(isScript, refuse);
  return () => page.unroute(isScript, refuse);
}

/** The in-screen error page of a screen whose code could not be downloaded. */
async function chunkErrorPage(page: Page) {
  const alert = page.getByRole('alert').filter({ hasText: SCREEN_ERROR_TEXTS.title });
  await alert.waitFor();
  await alert.getByText(SCREEN_ERROR_TEXTS.chunk).waitFor();
  return alert;
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A screen of the menu drawn, with its own title and no error page. */
async function showsScreen(page: Page, title: string) {
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await screenReady(page);
  assert.equal(await page.getByRole('alert').filter({ hasText: SCREEN_ERROR_TEXTS.title }).count(), 0, `${title}: no error page`);
}

describe('usability: disabled buttons, the screen error page, long texts in the lists, 1280×800 and 390×844', () => {
  const portal = usePortal();

  for (const size of SIZES) {
    it(`a disabled 'Salvar' looks different from an enabled one (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await clickMenuEntry(page, 'Gestão do Site');
      await page.getByRole('heading', { name: 'Configurações do Sistema', level: 1 }).waitFor();
      const value = page.getByRole('textbox', { name: 'Valor de url_sistema_cliente' });
      const save = page.getByRole('row').filter({ has: value }).getByRole('button', { name: 'Salvar', exact: true });
      const otherSave = page.getByRole('row').filter({ hasNot: value }).getByRole('button', { name: 'Salvar', exact: true }).first();
      await otherSave.waitFor();

      // Unchanged: 'Salvar' is disabled.
      assert.equal(await save.isDisabled(), true);
      const unchanged = await looksOf(save);

      // Changed: this row's 'Salvar' is enabled (not saved: nothing is written); another row's stays disabled.
      await value.fill(`${await value.inputValue()}/alterado`);
      await page.waitForFunction((button) => !(button as HTMLButtonElement).disabled, await save.elementHandle());
      // Let the colour transition end before reading the painted style.
      await page.waitForTimeout(400);
      const enabled = await looksOf(save);
      const disabled = await looksOf(otherSave);
      assert.equal(enabled.disabled, false);
      assert.equal(disabled.disabled, true);
      assert.deepEqual(disabled, unchanged, 'a disabled Salvar looks the same whichever row it is in');

      const differences = (['opacity', 'background', 'color', 'filter', 'cursor'] as const).filter((key) => enabled[key] !== disabled[key]);
      assert.ok(differences.length >= 2, `enabled ${JSON.stringify(enabled)} and disabled ${JSON.stringify(disabled)} look alike`);
      assert.ok(disabled.opacity <= 0.6 && enabled.opacity === 1, `opacity: enabled ${enabled.opacity}, disabled ${disabled.opacity}`);
      assert.equal(disabled.cursor, 'not-allowed');
      assert.notEqual(enabled.cursor, 'not-allowed');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`a refused dialog's toasts leave its title and close button clear (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await page.getByRole('button', { name: 'Novo Profissional' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo Profissional' });
      await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      const toasts = page.locator('[data-toaster] [role="alert"]');
      await toasts.first().waitFor();
      const close = (await dialog.getByRole('button', { name: 'Fechar' }).boundingBox())!;
      const title = (await dialog.getByRole('heading', { name: 'Novo Profissional' }).boundingBox())!;
      for (const toast of await toasts.all()) {
        const box = (await toast.boundingBox())!;
        for (const [part, clear] of [
          ['close', close],
          ['title', title],
        ] as const) {
          assert.equal(overlap(box, clear), false, `a toast ${JSON.stringify(box)} covers the dialog's ${part} ${JSON.stringify(clear)}`);
        }
      }
      // The close button takes the click while the toasts are still up.
      await dialog.getByRole('button', { name: 'Fechar' }).click({ timeout: 2_000 });
      await dialog.waitFor({ state: 'hidden' });
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`a screen whose code cannot be downloaded shows its error page, accessible, with a way back (${size.name})`, async () => {
      const { context, page } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await screenReady(page);

      // From now on no script downloads: the Parceiros screen's chunk (and its one retry) fail.
      const restore = await dropScripts(page);
      await clickMenuEntry(page, 'Parceiros');
      const alert = await chunkErrorPage(page);
      const title = page.getByRole('heading', { name: SCREEN_ERROR_TEXTS.title, level: 1 });
      await title.waitFor();
      assert.equal(await title.count(), 1);
      const reload = alert.getByRole('button', { name: SCREEN_ERROR_TEXTS.reload });
      assert.equal(await reload.isEnabled(), true);
      // The layout around it keeps working: the header and the menu (the sidebar, or its drawer's button) are still there.
      assert.equal(await page.getByRole('banner').isVisible(), true);
      const menu = page.getByRole('navigation', { name: 'Menu principal' }).or(page.getByRole('button', { name: 'Abrir menu' }));
      assert.equal(await menu.first().isVisible(), true);
      await page.waitForTimeout(300);
      const violations = await seriousViolations(page);
      assert.deepEqual(violations, [], describeViolations('the screen error page', violations));

      // The way back: once the connection is back, 'Recarregar' brings the failed screen.
      await restore();
      await reload.click();
      await page.waitForURL('**/parceiros');
      await screenReady(page);
      assert.equal(await page.getByRole('alert').filter({ hasText: SCREEN_ERROR_TEXTS.title }).count(), 0);
      await context.close();
    });

    it(`after a failed download, the menu opens every screen again once the connection is back, the failed one too (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await screenReady(page);

      // Offline: Parceiros fails; Filiais, chosen from its error page, fails too.
      const restore = await dropScripts(page);
      await clickMenuEntry(page, 'Parceiros');
      await chunkErrorPage(page);
      await clickMenuEntry(page, 'Filiais');
      await page.waitForURL('**/filiais');
      await chunkErrorPage(page);

      // Back online, with no reload: each screen renders, the two that failed included.
      await restore();
      await clickMenuEntry(page, 'Revendedores');
      await showsScreen(page, RESELLER_TEXTS.title);
      await clickMenuEntry(page, 'Parceiros');
      await showsScreen(page, PARTNER_TEXTS.title);
      await clickMenuEntry(page, 'Filiais');
      await showsScreen(page, BRANCH_TEXTS.title);
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`a save's success toast leaves the screen's 'Novo …' clickable, for the next record (${size.name})`, async () => {
      const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', size.options);
      await page.goto(`${portal.baseUrl}/filiais`);
      await screenReady(page);
      const tag = `${size.name.length}${Date.now().toString(36)}`;
      const newBranch = page.getByRole('button', { name: 'Nova Filial' }).first();
      await newBranch.click();
      const dialog = page.getByRole('dialog', { name: 'Cadastrar Filial' });
      await dialog.getByRole('combobox', { name: /^Parceiro/ }).selectOption({ index: 1 });
      await dialog.getByLabel(/^Título/).fill(`Filial Aviso ${tag}`);
      await dialog.getByLabel(/^Email/).fill(`filial-aviso-${tag}@teste.com.br`);
      await dialog.getByLabel(/^Senha/).fill('segredo1');
      await dialog.getByRole('button', { name: 'Cadastrar' }).click();
      const toast = page.locator('[data-toaster] [role="status"]').filter({ hasText: 'Filial cadastrada com sucesso!' });
      await toast.waitFor();
      await dialog.waitFor({ state: 'detached' });

      // With the toast still up (3 s), the button is clear of it and takes the click.
      const button = (await newBranch.boundingBox())!;
      const shown = (await toast.boundingBox())!;
      assert.equal(overlap(shown, button), false, `the toast ${JSON.stringify(shown)} covers 'Nova Filial' ${JSON.stringify(button)}`);
      await newBranch.click({ timeout: 1_000 });
      await dialog.waitFor();
      assert.equal(await toast.isVisible(), true, 'the toast was still up when the button was clicked');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it(`80-character e-mails and names stay inside the rows of the lists (${size.name})`, async () => {
      const { context, page, errors } = await portal.open(size.options);
      const lists = ['/api/professionals', '/api/beneficiaries', '/api/resellers'];
      await page.route((url) => lists.includes(url.pathname), withLongTexts);
      await signIn(page, portal.baseUrl, 'ADMINISTRADOR');
      await page.waitForURL(`**${DEMO_USERS.ADMINISTRADOR.landing}`);

      const problems: string[] = [];
      for (const path of ['/profissionais', '/beneficiarios', '/revendedores']) {
        await page.goto(`${portal.baseUrl}${path}`);
        await screenReady(page);
        const card = page.locator('main tbody tr').first();
        await card.waitFor();
        const text = await card.innerText();
        assert.ok(text.includes(LONG_NAME) || text.includes(LONG_EMAIL), `${path}: the first row shows the long texts (${text})`);
        if (path !== '/beneficiarios') assert.ok(text.includes(LONG_EMAIL), `${path}: the first row shows the long e-mail`);
        problems.push(...(await overflowOfCards(page)).map((problem) => `${path}: ${problem}`));
      }
      assert.deepEqual(problems, []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('a signed-in reload says the portal is opening until its screen is drawn, never a blank page (1280×800)', async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', SIZES[0].options);
    await screenReady(page);
    // A slow connection: every script arrives a second late, so the page is seen before any runs.
    const isScript = (url: URL) => /\/assets\/.+\.js$/.test(url.pathname);
    let scriptsServed = 0;
    await page.route(isScript, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      scriptsServed += 1;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    const opening = page.getByRole('status').filter({ hasText: 'Abrindo o portal…' });
    await opening.waitFor();
    assert.equal(scriptsServed, 0, 'shown by the HTML itself, before any script');

    await screenReady(page);
    assert.equal(await opening.isVisible(), false, 'gone once the screen is drawn');
    assert.equal(await page.getByRole('status').filter({ hasText: 'Abrindo o portal…' }).count(), 0, 'out of the accessibility tree too');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('paging from the keyboard keeps the focus on the pagination, to the last page (1280×800)', async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', SIZES[0].options);
    await screenReady(page);
    const focused = (button: Locator) => button.evaluate((element) => element === document.activeElement);
    const next = page.getByRole('button', { name: 'Próxima página' });
    await next.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]page=2/);
    await screenReady(page);
    assert.equal(await focused(next), true, "the focus stays on 'Próxima página'");
    // On the last page 'Última página' leads nowhere, yet keeps the focus that pressed it.
    const last = page.getByRole('button', { name: 'Última página' });
    await last.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[aria-label="Última página"]')?.getAttribute('aria-disabled') === 'true');
    await screenReady(page);
    assert.equal(await focused(last), true, "the focus stays on 'Última página'");
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("the checkout's fields reached with Tab are never under the phone's pay bar (390×844)", async () => {
    const { context, page, errors } = await portal.open(SIZES[1].options);
    await openCheckout(page, `${portal.baseUrl}/checkout`);
    const pay = page.getByRole('button', { name: /^Pagar/ });
    await pay.waitFor();
    const barTop = (await pay.boundingBox())!.y - 12;
    const hidden: string[] = [];
    for (let press = 0; press < 40; press += 1) {
      await page.keyboard.press('Tab');
      const place = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const box = element.getBoundingClientRect();
        return {
          field: /^(INPUT|SELECT)$/.test(element.tagName),
          name: element.getAttribute('name'),
          bottom: box.bottom,
          pay: element.textContent?.startsWith('Pagar'),
        };
      });
      if (place.pay) break;
      if (place.field && place.bottom > barTop) hidden.push(`${place.name} (${Math.round(place.bottom)} > ${Math.round(barTop)})`);
    }
    assert.deepEqual(hidden, [], 'fields under the pay bar');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("the checkout's header draws its logo whole on a phone, 390 and 320 wide, before and after the app takes over", async () => {
    // Measured in one step: a handle taken first could be the prerendered copy React then replaces.
    const drawn = (page: Page) =>
      page.evaluate(() => {
        const image = document.querySelector('header img[alt="Portal Saúde"]');
        if (!image) return 'no logo';
        const box = image.getBoundingClientRect();
        const header = image.closest('header')!;
        return { width: box.width, height: box.height, headerOverflows: header.scrollWidth > header.clientWidth };
      });
    for (const width of [390, 320]) {
      const options = { ...SIZES[1].options, viewport: { width, height: 844 } };
      // The prerendered copy (scripts/prerender) alone: without scripts the app never takes over.
      const prerendered = await portal.open({ ...options, javaScriptEnabled: false });
      await prerendered.page.goto(`${portal.baseUrl}/checkout`);
      assert.deepEqual(await drawn(prerendered.page), { width: 160, height: 32, headerOverflows: false }, `${width} wide, prerendered`);
      await prerendered.context.close();
      // Then the app's own render.
      const { context, page, errors } = await portal.open(options);
      await openCheckout(page, `${portal.baseUrl}/checkout`);
      assert.deepEqual(await drawn(page), { width: 160, height: 32, headerOverflows: false }, `${width} wide`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it('a status toggle pressed from the keyboard keeps the focus, through its confirmation and its save (1280×800)', async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', SIZES[0].options);
    await page.goto(`${portal.baseUrl}/parceiros`);
    await screenReady(page);
    const toggle = page.getByRole('button', { name: /^Ativo: clique para inativar/ }).first();
    const name = (await toggle.getAttribute('aria-label'))!.replace(/^Ativo: clique para inativar /, '');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Inativar' }).click();
    const inactive = page.getByRole('button', { name: `Inativo: clique para ativar ${name}` });
    await inactive.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-disabled') !== 'true');
    assert.equal(await inactive.evaluate((element) => element === document.activeElement), true, 'the focus stays on the toggle');
    // Activating asks nothing: the save alone must not drop the focus either.
    await page.keyboard.press('Enter');
    const active = page.getByRole('button', { name: `Ativo: clique para inativar ${name}` });
    await active.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-disabled') !== 'true');
    assert.equal(await active.evaluate((element) => element === document.activeElement), true, 'the focus stays on the toggle');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("draws a list's plain rows and cells with the table's look (1280×800)", async () => {
    const { context, page, errors } = await portal.openSignedIn('ADMINISTRADOR', SIZES[0].options);
    const looks = async (path: string) => {
      await page.goto(`${portal.baseUrl}${path}`);
      await screenReady(page);
      return page.locator('main table[aria-busy="false"] tbody').evaluate((body) =>
        [...body.querySelectorAll(':scope > tr')].map((row) => {
          const [first, last] = [row.firstElementChild!, row.lastElementChild!].map((cell) => getComputedStyle(cell));
          const hidden = [...row.children].filter((cell) => getComputedStyle(cell).display === 'none').length;
          return {
            dependent: row.hasAttribute('data-dependent'),
            background: getComputedStyle(row).backgroundColor,
            padding: first.padding,
            border: first.borderBottomWidth,
            lastAlign: last.textAlign,
            hidden,
          };
        }),
      );
    };
    const beneficiaries = await looks('/beneficiarios');
    assert.ok(
      beneficiaries.some((row) => row.dependent),
      'the demo has a dependent on the first page',
    );
    // Chakra's table (line, sm): 8 px around, a line under, the actions at the end; a dependent shaded.
    for (const { padding, border, lastAlign, hidden } of beneficiaries) {
      assert.deepEqual({ padding, border, lastAlign, hidden }, { padding: '8px', border: '1px', lastAlign: 'end', hidden: 0 });
    }
    const backgrounds = (dependent: boolean) => [
      ...new Set(beneficiaries.filter((row) => row.dependent === dependent).map((row) => row.background)),
    ];
    assert.equal(backgrounds(false).length, 1);
    assert.equal(backgrounds(true).length, 1);
    assert.notEqual(backgrounds(true)[0], backgrounds(false)[0]);
    // The Pix key's column (one of the spec's) is shown at 1280 px, and left out below it.
    assert.deepEqual([...new Set((await looks('/revendedores')).map((row) => row.hidden))], [0]);
    await page.setViewportSize({ width: 1024, height: 800 });
    assert.deepEqual([...new Set((await looks('/revendedores')).map((row) => row.hidden))], [1]);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
