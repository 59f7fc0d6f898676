/**
 * Rewrites Chakra's styled-system/system.js (3.37.0, pinned) for a phone's start-up; webpack runs it as a
 * loader (ES modules), jest as a transform (scripts/chakra/systemJestTransform.cjs, on the CommonJS build), so tests
 * run the code the browser runs. If Chakra's code changes, this throws instead of silently losing a gain.
 *
 * - `_global` (the reset, global and token CSS, ~150-300 ms of a throttled phone) becomes a getter built
 *   on first read: pages whose HTML already carries that CSS (prerendered /login and /checkout,
 *   src/components/theme/withoutGlobalCss.ts) never build it.
 * - `createSystemSteps`, a generator, is createSystem paused after merging the configs, after the token
 *   dictionary and after the utilities: start-up builds the system in four tasks instead of one that
 *   blocks a throttled phone for ~130 ms (src/components/theme/createPortalSystem.ts). `createSystem`
 *   runs the same steps without pausing.
 */
const PATCHES: [from: string | RegExp, to: string][] = [
  ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'let _global;'],
  ['    _global,\n', '    get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n'],
  ['function createSystem(...configs) {\n', 'function* createSystemSteps(...configs) {\n'],
  [/^ {2}const config = (?:\w+\.)?mergeConfigs\(\.\.\.configs\);\n/m, '$&  yield;\n'],
  [/^ {2}const tokens = (?:\w+\.)?createTokenDictionary\(\{\n[^}]*\n {2}\}\);\n/m, '$&  yield;\n'],
  [/^ {2}const utility(?:\$1)? = (?:\w+\.)?createUtility\(\{\n[^}]*\n {2}\}\);\n/m, '$&  yield;\n'],
];

const RUN_STEPS = `
function createSystem(...configs) {
  const steps = createSystemSteps(...configs);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}
`;

/** The module's exports, as each build of Chakra writes them. */
const EXPORTS: [from: string, to: string][] = [
  ['\nexport { createSystem, ', `${RUN_STEPS}\nexport { createSystem, createSystemSteps, `],
  [
    '\nexports.createSystem = createSystem;\n',
    `${RUN_STEPS}\nexports.createSystem = createSystem;\nexports.createSystemSteps = createSystemSteps;\n`,
  ],
];

const occurrences = (source: string, pattern: string | RegExp) =>
  typeof pattern === 'string' ? source.split(pattern).length - 1 : (source.match(new RegExp(pattern.source, 'gm')) ?? []).length;

export function patchChakraSystem(source: string, resourcePath: string): string {
  const changed = (what: string | RegExp) =>
    new Error(
      `systemLoader: "${String(what).trim()}" not found once in ${resourcePath}; Chakra changed, update scripts/chakra/systemLoader.ts`,
    );
  let result = source;
  for (const [from, to] of PATCHES) {
    if (occurrences(result, from) !== 1) throw changed(from);
    result = typeof from === 'string' ? result.replace(from, () => to) : result.replace(from, to);
  }
  const exports = EXPORTS.find(([from]) => occurrences(result, from) === 1);
  if (!exports) throw changed('export { createSystem, … } or exports.createSystem = createSystem');
  return result.replace(exports[0], () => exports[1]);
}

export default function systemLoader(this: { resourcePath: string }, source: string): string {
  return patchChakraSystem(source, this.resourcePath);
}
