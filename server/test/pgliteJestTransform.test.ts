import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/** The jest transform of PGlite's CommonJS build (jest.config.ts): its dynamic imports become require. */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const transform = require('./pgliteJestTransform.cjs') as { process(source: string): { code: string } };
const transformed = (source: string) => transform.process(source).code;

/** Runs transformed CommonJS code with `require` answering a marker per module name. */
async function run(source: string): Promise<unknown> {
  const exports: { value?: Promise<unknown> } = {};
  const fakeRequire = (name: string) => ({ required: name });
  new Function('require', 'exports', transformed(source))(fakeRequire, exports);
  return exports.value;
}

describe('PGlite under jest', () => {
  it('requires the modules its build imports dynamically', async () => {
    await expect(run('exports.value = import("fs/promises");')).resolves.toEqual({ required: 'fs/promises' });
    await expect(run("exports.value = import('node:zlib');")).resolves.toEqual({ required: 'node:zlib' });
  });

  it("keeps the module's require where the build declares a require of its own", async () => {
    // As the build does for node:module: `var require` is hoisted, and undefined until assigned.
    const source = 'exports.value = (async () => { const m = await import("node:module"); var require = m; return m; })();';
    await expect(run(source)).resolves.toEqual({ required: 'node:module' });
  });

  it('leaves no dynamic import in any of the CommonJS files of the installed PGlite', () => {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.cjs'));
    expect(files.length).toBeGreaterThan(10);
    const left = files.filter((file) => /\bimport\(/.test(transformed(readFileSync(path.join(dist, file), 'utf8'))));
    expect(left).toEqual([]);
  });

  it('runs without --experimental-vm-modules, which kept every finished test file in memory', () => {
    expect((vm as { SourceTextModule?: unknown }).SourceTextModule).toBeUndefined();
  });
});
