import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Configuration } from 'webpack';
import 'webpack-dev-server';
import { BundleBudgetPlugin } from './bench/budgets';

const API_PORT = process.env.API_PORT || '3001';

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
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // theme.ts imports Chakra's recipes file by file (tsconfig `paths` gives the same mapping to tsc).
      alias: { 'chakra-theme': path.resolve(__dirname, 'node_modules/@chakra-ui/react/dist/esm/theme') },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { cacheDirectory: true } },
        },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
      ],
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    optimization: {
      // The checkout shares no chunk with the staff app: each side's first load stays as small as it can be.
      splitChunks: { chunks: (chunk) => chunk.name !== 'checkout' },
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
