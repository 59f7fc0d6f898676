// Used by webpack's babel-loader; jest transforms TypeScript with ts-jest instead.
module.exports = {
  presets: [
    ['@babel/preset-env', { bugfixes: true, modules: false, targets: 'defaults and supports es6-module' }],
    ['@babel/preset-react', { runtime: 'automatic' }],
    '@babel/preset-typescript',
  ],
};
