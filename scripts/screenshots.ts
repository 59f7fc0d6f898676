/**
 * `npm run screenshots`: every screen of the built portal (run `npm run build` first) for every user
 * type, at 1280×800 and 390×844, in light and dark mode, as full-page PNGs in screenshots/ (ignored
 * by git): screenshots/<mode>-<size>/<user type>-<screen>.png, plus login, checkout and not-found.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { COLOR_MODES } from '../src/domain/colorMode';
import { launchBrowser, PHONE } from '../e2e/support/browser';
import { startInColorMode } from '../e2e/support/colorMode';
import { DEMO_USERS, signIn } from '../e2e/support/login';
import { openScreen, screensFor, USER_TYPES } from '../e2e/support/screens';
import { startServer } from '../e2e/support/server';

const OUTPUT = path.resolve(__dirname, '..', 'screenshots');
const SIZES: Array<{ name: string; options: BrowserContextOptions }> = [
  { name: '1280x800', options: { viewport: { width: 1280, height: 800 } } },
  { name: '390x844', options: PHONE },
];

const shoot = (page: Page, folder: string, name: string) => page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });

async function main() {
  rmSync(OUTPUT, { recursive: true, force: true });
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  let count = 0;
  try {
    for (const mode of COLOR_MODES) {
      for (const size of SIZES) {
        const folder = path.join(OUTPUT, `${mode}-${size.name}`);
        mkdirSync(folder, { recursive: true });
        const context = await browser.newContext(size.options);
        await startInColorMode(context, mode);
        const page = await context.newPage();
        for (const [name, url, ready] of [
          ['login', '/login', 'Entrar'],
          ['checkout', '/checkout', /^Pagar/],
          ['nao-encontrada', '/nao-existe', 'Voltar ao início'],
        ] as const) {
          await page.goto(`${server.baseUrl}${url}`);
          await page.getByRole(name === 'nao-encontrada' ? 'link' : 'button', { name: ready }).waitFor();
          await shoot(page, folder, name);
          count++;
        }
        await context.close();

        for (const userType of USER_TYPES) {
          const userContext = await browser.newContext(size.options);
          await startInColorMode(userContext, mode);
          const userPage = await userContext.newPage();
          await signIn(userPage, server.baseUrl, userType);
          await userPage.waitForURL(`**${DEMO_USERS[userType].landing}`);
          for (const screen of screensFor(userType)) {
            await openScreen(userPage, server.baseUrl, screen);
            await shoot(userPage, folder, `${userType.toLowerCase()}-${screen.name}`);
            count++;
          }
          await userContext.close();
        }
        console.log(`${mode} ${size.name}: done`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`${count} screenshots in ${path.relative(process.cwd(), OUTPUT)}/`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
