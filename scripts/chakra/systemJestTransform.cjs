/**
 * Jest's side of scripts/chakra/systemLoader.ts: Chakra's CommonJS system.cjs, rewritten as webpack's
 * build rewrites its ES module, so tests run the code the browser runs. Plain CommonJS because jest
 * loads transformers with Node's own require, which does not read TypeScript until ts-node hooks it.
 */
require('ts-node').register({ transpileOnly: true, compilerOptions: { module: 'commonjs', moduleResolution: 'node' } });
const { patchChakraSystem } = require('./systemLoader.ts');

module.exports = {
  process: (source, sourcePath) => ({ code: patchChakraSystem(source, sourcePath) }),
};
