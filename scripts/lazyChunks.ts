import type { Chunk, Compilation } from 'webpack';

/** The JavaScript files of these chunks. */
export const jsFiles = (chunks: Iterable<Chunk>) => [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));

/**
 * The JavaScript files an `import()` of this module downloads: the chunks of the lazy groups that
 * import starts (matched by the request's end, extension aside, e.g.
 * 'features/auth/components/LoginPage'). Not the groups of other imports whose chunks hold the module
 * too: the router's login route bundles the login screen, and its group brings the router.
 */
export function lazyImportFiles(compilation: Compilation, moduleRequest: string): string[] {
  const groups = compilation.chunkGroups.filter((group) =>
    group.origins.some((origin) => origin.request?.replace(/\.tsx?$/, '').endsWith(moduleRequest)),
  );
  return [...new Set(groups.flatMap((group) => jsFiles(group.chunks)))];
}
