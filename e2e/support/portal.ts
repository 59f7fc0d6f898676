import { after, before } from 'node:test';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { DESKTOP, launchBrowser, watchPageErrors } from './browser';
import { DEMO_USERS, signIn, type DemoUserType } from './login';
import { startServer, type RunningServer } from './server';

/**
 * The real server and Chromium for the tests of the enclosing `describe`: started before them,
 * stopped after them. Call it at the top of the describe; `env` (read when the server starts) adds
 * or overrides the server's environment.
 */
export function usePortal(env: () => Record<string, string> = () => ({})) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    [server, browser] = await Promise.all([startServer(env()), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const portal = {
    get baseUrl() {
      return server!.baseUrl;
    },
    get browser() {
      return browser!;
    },
    /** A fresh browser context and page; `errors` collects its uncaught errors and CSP violations. */
    async open(options: BrowserContextOptions = DESKTOP) {
      const context = await portal.browser.newContext(options);
      const page = await context.newPage();
      return { context, page, errors: watchPageErrors(page) };
    },
    /** A fresh page signed in as the demo user of a type, on the page that user lands on. */
    async openSignedIn(userType: DemoUserType, options: BrowserContextOptions = DESKTOP) {
      const opened = await portal.open(options);
      await signIn(opened.page, portal.baseUrl, userType);
      await opened.page.waitForURL(`**${DEMO_USERS[userType].landing}`);
      return opened;
    },
  };
  return portal;
}

export type Portal = ReturnType<typeof usePortal>;
