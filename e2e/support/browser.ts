import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };
export const LAPTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** Issue 22's two sizes: a test of a behaviour on both runs once per entry, named after it. */
export const SIZES = [
  { name: '1280×800', options: LAPTOP },
  { name: '390×844', options: PHONE },
] as const;

/** Fails the test on any uncaught page error or CSP violation, which would otherwise pass silently. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) errors.push(message.text());
  });
  return errors;
}
