/**
 * Webpack loader for Chakra's styled-system/system.js (3.37.0, pinned): `createSystem` builds the reset,
 * global and token CSS (`_global`) eagerly, ~150-300 ms of a throttled phone's start-up, although only
 * ChakraProvider reads it. This makes `_global` a getter built on first read, so pages whose HTML
 * already carries that CSS (prerendered /login and /checkout, src/components/theme/withoutGlobalCss.ts)
 * never build it. If Chakra's code changes, the build fails here instead of silently losing the gain.
 */
const REPLACEMENTS: [from: string, to: string][] = [
  [
    'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
    'let _global;',
  ],
  [
    '    _global,\n',
    '    get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n',
  ],
];

export default function lazyGlobalCssLoader(this: { resourcePath: string }, source: string): string {
  let result = source;
  for (const [from, to] of REPLACEMENTS) {
    if (result.split(from).length !== 2) {
      throw new Error(`lazyGlobalCssLoader: "${from.trim()}" not found once in ${this.resourcePath}; Chakra changed, update scripts/chakra/lazyGlobalCssLoader.ts`);
    }
    result = result.replace(from, to);
  }
  return result;
}
