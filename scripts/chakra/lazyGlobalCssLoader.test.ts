import { readFileSync } from 'node:fs';
import path from 'node:path';
import lazyGlobalCssLoader from './lazyGlobalCssLoader';

const SYSTEM_JS = path.join(__dirname, '../../node_modules/@chakra-ui/react/dist/esm/styled-system/system.js');
const run = (source: string) => lazyGlobalCssLoader.call({ resourcePath: SYSTEM_JS }, source);

describe('lazyGlobalCssLoader', () => {
  it("turns the installed Chakra's eager global CSS into a getter built on first read", () => {
    const output = run(readFileSync(SYSTEM_JS, 'utf8'));
    expect(output).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(output).toContain('let _global;');
    expect(output).toContain('get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; }');
  });

  it('fails loudly when Chakra no longer has the line it rewrites', () => {
    const changed = readFileSync(SYSTEM_JS, 'utf8').replace('const _global = [', 'const globalStyles = [');
    expect(() => run(changed)).toThrow(/Chakra changed/);
  });
});
