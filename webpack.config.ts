import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import 'webpack-dev-server';
import { BundleBudgetPlugin } from './bench/budgets';
import { PrerenderPlugin } from './scripts/prerender/plugin';
import { TRUSTED_TYPES_POLICY } from './server/lib/trustedTypes';

const API_PORT = process.env.API_PORT || '3001';

const resolve: Configuration['resolve'] = {
  extensions: ['.tsx', '.ts', '.js'],
  // The themes import Chakra's recipes file by file (tsconfig `paths` gives the same mapping to tsc), and its
  // system module for createSystemSteps (patches/README.md; src/components/theme/chakraSystemSteps.d.ts types it).
  alias: {
    'chakra-theme': path.resolve(__dirname, 'node_modules/@chakra-ui/react/dist/esm/theme'),
    'chakra-styled-system': path.resolve(__dirname, 'node_modules/@chakra-ui/react/dist/esm/styled-system'),
  },
};

/**
 * react-router's package exports name only its development build, whose dev-time warnings stay on
 * (ENABLE_DEV_WARNINGS) and cannot be dropped by minification; production builds take its production
 * build, identical apart from that flag.
 */
const REACT_ROUTER_PRODUCTION = path.resolve(__dirname, 'node_modules/react-router/dist/production');
const productionResolve: Configuration['resolve'] = {
  ...resolve,
  alias: {
    ...resolve.alias,
    'react-router$': path.join(REACT_ROUTER_PRODUCTION, 'index.mjs'),
    'react-router/dom$': path.join(REACT_ROUTER_PRODUCTION, 'dom-export.mjs'),
  },
};
if (!fs.existsSync(path.join(REACT_ROUTER_PRODUCTION, 'index.mjs')))
  throw new Error(`${REACT_ROUTER_PRODUCTION} is gone: update its alias`);

const rules: NonNullable<Configuration['module']>['rules'] = [
  {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: { loader: 'babel-loader', options: { cacheDirectory: true } },
  },
  { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
];

/** scripts/prerender/pages.tsx bundled for Node (one file, not minified): PrerenderPlugin renders /login's and /checkout's first screens with it. */
const prerenderConfig = (outputDir: string): Configuration => ({
  mode: 'production',
  target: 'node',
  entry: { pages: './scripts/prerender/pages.tsx' },
  output: { path: outputDir, filename: '[name].js', library: { type: 'commonjs2' } },
  resolve,
  module: { rules },
  devtool: false,
  optimization: { minimize: false },
  performance: { hints: false },
  plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
});

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    // The public checkout is its own entry (no router, no staff screens) to stay light on phones.
    entry: { main: './src/index.tsx', checkout: './src/checkout.tsx' },
    output: {
      // BUILD_DIR lets parallel work build side by side without overwriting dist/.
      path: path.resolve(__dirname, process.env.BUILD_DIR || 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // The chunk loader creates its script URLs through this Trusted Types policy where the browser has them.
      trustedTypes: { policyName: TRUSTED_TYPES_POLICY },
      clean: true,
    },
    resolve: production ? productionResolve : resolve,
    module: { rules },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    optimization: {
      // The checkout shares no chunk with the staff app: each side's first load stays as small as it can be.
      // Nor do its calls (RTK Query, loaded on the form's first use): shared, RTK Query would leave the
      // staff's vendor chunk for a chunk of its own, one more file on every staff page.
      splitChunks: { chunks: (chunk) => chunk.name !== 'checkout' && chunk.name !== 'checkout-calls' },
      runtimeChunk: 'single',
    },
    // Webpack's hints see neither gzip nor lazy route chunks: BundleBudgetPlugin enforces the real first loads.
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer', chunks: ['main'] }),
      new HtmlWebpackPlugin({
        template: './public/checkout.html',
        filename: 'checkout.html',
        scriptLoading: 'defer',
        chunks: ['checkout'],
      }),
      new CopyPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html', '**/checkout.html'] } }] }),
      ...(production
        ? [
            // /login (login.html) and /checkout with their first screen in the HTML: painted before the scripts run.
            new PrerenderPlugin(prerenderConfig),
            new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: /\.(js|css|html|svg|json)$/, threshold: 1024 }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: /\.(js|css|html|svg|json)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } as zlib.BrotliOptions,
              threshold: 1024,
            }),
            // Fails the build when /login or /checkout ships more first-load JavaScript than its budget.
            new BundleBudgetPlugin(),
          ]
        : []),
    ],
    devServer: {
      port: Number(process.env.DEV_PORT || 8080),
      hot: true,
      // As in production: /checkout is the checkout's own page, every other route the SPA.
      historyApiFallback: { rewrites: [{ from: /^\/checkout$/, to: '/checkout.html' }] },
      proxy: [{ context: ['/api'], target: `http://localhost:${API_PORT}` }],
    },
  };
};
