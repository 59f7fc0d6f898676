import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Compiler, type Configuration } from 'webpack';
import { lazyImportFiles } from '../lazyChunks';

/** The screens pages.tsx renders: the page each one goes into, and the page it is served as. */
const PAGES = [
  { screen: 'login', template: 'index.html', output: 'login.html' },
  { screen: 'checkout', template: 'checkout.html', output: 'checkout.html' },
] as const;

type Screens = Record<(typeof PAGES)[number]['screen'] | 'staffGlobalCss', string>;

/**
 * The login screen's own import (src/app/screenChunks.ts's loadLoginPage): /login preloads its chunks,
 * so they arrive with the entry, not after it. Only that import's: the router's login route holds the
 * screen too, and preloading its chunks brought the router to every first load of /login (34 KB).
 */
const LOGIN_SCREEN_IMPORT = 'features/auth/components/LoginPage';

const ROOT_DIV = /<div id="?root"?><\/div>/;

/** What React and emotion write beside the markup and belongs in <head>: the CSS and the logo's preload. */
const HEAD_TAGS = /<style data-emotion="[^"]*">[\s\S]*?<\/style>|<link rel="preload" as="image"[^>]*>/g;

/**
 * Until the parser reaches the end of the prerendered screen, it stays hidden: a screen painted half
 * parsed would grow (the login card is centred vertically) and shift what is already on it.
 */
const PRERENDER_END = '<span data-prerender-end hidden></span>';
const HIDE_UNTIL_PARSED = '<style>#root[inert]:not(:has(>[data-prerender-end])){visibility:hidden}</style>';

/** The CSS a render wrote, for <head>; it must have written nothing else. */
function headTagsOnly(render: string): string {
  const headTags = render.match(HEAD_TAGS) ?? [];
  if (headTags.length === 0 || render.replace(HEAD_TAGS, '') !== '')
    throw new Error('PrerenderPlugin: the global CSS render wrote markup, or no CSS');
  return headTags.join('');
}

/** The page with the screen's markup in an inert #root and its CSS (and `extraHead`) in <head>. */
export function withPrerenderedScreen(page: string, screen: string, extraHead = ''): string {
  const headTags = screen.match(HEAD_TAGS) ?? [];
  const markup = screen.replace(HEAD_TAGS, '');
  return page
    .replace(ROOT_DIV, () => `<div id="root" inert aria-disabled="true">${markup}${PRERENDER_END}</div>`)
    .replace('</head>', () => `${HIDE_UNTIL_PARSED}${headTags.join('')}${extraHead}</head>`);
}

/**
 * Puts the first screen of /login and /checkout into their HTML at build time (and the staff theme's
 * global CSS into index.html), so a phone paints the page as soon as the HTML arrives instead of
 * after the scripts (Lighthouse's LCP was the client-rendered screen, ~3 s on simulated slow 4G).
 * It bundles scripts/prerender/pages.tsx for Node with the app's own loaders and aliases, renders
 * the screens with React's server renderer (emotion puts the CSS in <style> tags beside the markup,
 * moved into <head>), and writes them into `#root` of the pages the HTML plugin made, marked `inert`
 * until the app replaces them (src/startup/ReleasePrerender.tsx). Runs before compression, so the
 * pages get their .gz/.br like every asset.
 */
export class PrerenderPlugin {
  constructor(private readonly nodeConfig: (outputDir: string) => Configuration) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrerenderPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After html-webpack-plugin (OPTIMIZE_INLINE), before the compression plugins (OPTIMIZE_TRANSFER).
        { name: 'PrerenderPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH },
        async () => {
          const screens = await this.renderScreens();
          // Low priority: the screen is already painted, the scripts must not compete with the HTML and the logo.
          const loginScreenFiles = lazyImportFiles(compilation, LOGIN_SCREEN_IMPORT);
          if (loginScreenFiles.length === 0) throw new Error(`PrerenderPlugin: no lazy chunk loads ${LOGIN_SCREEN_IMPORT}`);
          const loginPreloads = loginScreenFiles
            .map((file) => `<link rel="preload" href="${compilation.outputOptions.publicPath}${file}" as="script" fetchpriority="low">`)
            .join('');
          const template = (name: string) => {
            const html = compilation.getAsset(name)?.source.source().toString();
            if (!html || !ROOT_DIV.test(html)) throw new Error(`PrerenderPlugin: ${name} has no empty <div id="root"> to fill`);
            return html;
          };
          const write = (name: string, html: string) => {
            const source = new webpack.sources.RawSource(html);
            if (compilation.getAsset(name)) compilation.updateAsset(name, source);
            else compilation.emitAsset(name, source);
          };
          for (const page of PAGES) {
            write(
              page.output,
              withPrerenderedScreen(template(page.template), screens[page.screen], page.screen === 'login' ? loginPreloads : ''),
            );
          }
          // The staff pages (index.html, every path but /login and /checkout) carry the theme's global CSS too,
          // so the app does not build it at start-up (src/components/theme/withoutGlobalCss.ts). After
          // login.html, which is made from the same template and has that CSS with its screen's.
          write(
            'index.html',
            template('index.html').replace('</head>', () => `${headTagsOnly(screens.staffGlobalCss)}</head>`),
          );
        },
      );
    });
  }

  private async renderScreens(): Promise<Screens> {
    const outputDir = mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
    try {
      await run(webpack(this.nodeConfig(outputDir)));
      const bundle = path.join(outputDir, 'pages.js');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { renderFirstScreens } = require(bundle) as { renderFirstScreens: () => Screens };
      return renderFirstScreens();
    } finally {
      rmSync(outputDir, { recursive: true, force: true });
    }
  }
}

function run(compiler: webpack.Compiler): Promise<void> {
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(`PrerenderPlugin: ${stats.toString({ all: false, errors: true })}`));
      resolve();
    });
  });
}
