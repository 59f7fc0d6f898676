// jest transform of PGlite's CommonJS build: its `import("fs")`, `import("zlib")`… of Node's own
// modules become `require`. A dynamic import inside jest needs --experimental-vm-modules, and with
// that flag every test file's module registry stays reachable after the file ends (its PGlite
// databases with it): the workers grew by ~25 MB a file and slowed as they aged.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

const DYNAMIC_IMPORT = /\bimport\((["'][^"'\s]+["'])\)/g;
// The build declares a `require` of its own (createRequire, hoisted as a var) where it imports
// node:module, so the module's own require is kept under a name nothing else uses.
const REQUIRE_ALIAS = '__pgliteJestRequire';
const ownSource = readFileSync(__filename, 'utf8');

module.exports = {
  process(source) {
    return { code: `const ${REQUIRE_ALIAS} = require;${source.replace(DYNAMIC_IMPORT, `Promise.resolve().then(() => ${REQUIRE_ALIAS}($1))`)}` };
  },
  getCacheKey(source, filename) {
    return createHash('sha256').update(ownSource).update('\0').update(filename).update('\0').update(source).digest('hex');
  },
};
