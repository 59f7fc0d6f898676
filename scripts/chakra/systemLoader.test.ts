import { readFileSync } from 'node:fs';
import path from 'node:path';
import systemLoader from './systemLoader';

const CHAKRA_DIST = path.join(__dirname, '../../node_modules/@chakra-ui/react/dist');
const SYSTEM_FILES = {
  'the ES module (webpack)': path.join(CHAKRA_DIST, 'esm/styled-system/system.js'),
  'the CommonJS module (jest)': path.join(CHAKRA_DIST, 'cjs/styled-system/system.cjs'),
};
const run = (file: string, source = readFileSync(file, 'utf8')) => systemLoader.call({ resourcePath: file }, source);

describe.each(Object.entries(SYSTEM_FILES))("systemLoader on Chakra's %s", (_name, file) => {
  it('makes the eager global CSS a getter built on first read', () => {
    const output = run(file);
    expect(output).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(output).toContain('get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; }');
  });

  it('turns createSystem into a generator paused after the configs, the tokens and the utilities, and exports both', () => {
    const output = run(file);
    expect(output).toContain('function* createSystemSteps(...configs) {');
    const body = output.slice(output.indexOf('function* createSystemSteps'), output.indexOf('\nfunction createSystem('));
    expect(body.match(/^ {2}yield;$/gm)).toHaveLength(3);
    expect(body).toMatch(/mergeConfigs\(\.\.\.configs\);\n {2}yield;\n/);
    expect(body).toMatch(/prefix: cssVarsPrefix\n {2}\}\);\n {2}yield;\n/);
    expect(body).toMatch(/config: utilities,\n {4}tokens\n {2}\}\);\n {2}yield;\n/);
    expect(output).toMatch(/export \{ createSystem, createSystemSteps, |exports\.createSystemSteps = createSystemSteps;/);
  });

  it('fails loudly when Chakra no longer has a line it rewrites', () => {
    const source = readFileSync(file, 'utf8');
    expect(() => run(file, source.replace('const _global = [', 'const globalStyles = ['))).toThrow(/Chakra changed/);
    expect(() => run(file, source.replace('function createSystem(', 'function makeSystem('))).toThrow(/Chakra changed/);
    expect(() => run(file, source.replace(/createTokenDictionary\(\{/, 'createTokens({'))).toThrow(/Chakra changed/);
  });
});

describe('the rewritten CommonJS module, as jest loads it', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the transformed module itself, by path
  const chakraSystem = require(SYSTEM_FILES['the CommonJS module (jest)']);
  const config = { theme: { tokens: { colors: { brand: { value: '#123456' } } } } };

  it('builds in four steps the system createSystem builds at once', () => {
    const steps = chakraSystem.createSystemSteps(config);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBe(3);
    const atOnce = chakraSystem.createSystem(config);
    expect(step.value.token('colors.brand')).toBe('#123456');
    expect(step.value.token.var('colors.brand')).toBe(atOnce.token.var('colors.brand'));
    expect(step.value.css({ color: 'brand' })).toEqual(atOnce.css({ color: 'brand' }));
  });
});
