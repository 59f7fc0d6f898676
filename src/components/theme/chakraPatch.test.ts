import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSystem } from '@chakra-ui/react';
import { createSystemSteps } from 'chakra-styled-system/system';

/** The installed Chakra, as patches/@chakra-ui+react+3.37.0.patch leaves it (patch-package, on install). */
const ES_MODULE = path.join(__dirname, '../../../node_modules/@chakra-ui/react/dist/esm/styled-system/system.js');
const config = { theme: { tokens: { colors: { brand: { value: '#123456' } } } } };

describe("Chakra's system module, patched", () => {
  it('builds in four steps the system createSystem builds at once', () => {
    const steps = createSystemSteps(config);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(pauses).toBe(3);
    const atOnce = createSystem(config);
    expect(step.value.token('colors.brand')).toBe('#123456');
    expect(step.value.token.var('colors.brand')).toBe(atOnce.token.var('colors.brand'));
    expect(step.value.css({ color: 'brand' })).toEqual(atOnce.css({ color: 'brand' }));
  });

  it('builds the reset, global and token CSS only when first read', () => {
    const system = createSystem(config);
    const globalCss = Object.getOwnPropertyDescriptor(system, '_global');
    expect(globalCss?.get).toEqual(expect.any(Function));
    expect(system._global).toHaveLength(3);
    expect(JSON.stringify(system._global)).toContain('--chakra-colors-brand');
    expect(system._global).toBe(system._global);
  });

  it('is patched the same way in the ES module the browser build takes', () => {
    const source = readFileSync(ES_MODULE, 'utf8');
    expect(source).toContain('function* createSystemSteps(...configs) {');
    expect(source).toContain('get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; }');
    expect(source).toContain('export { createSystem, createSystemSteps, isValidSystem };');
  });
});
