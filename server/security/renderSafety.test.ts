import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Stored text reaches the screen only through React, which escapes it. This keeps it that way: no
 * browser code may write HTML from a string or run a string as code (the fuzz suite shows the API
 * stores `<script>` as plain text; this shows nothing would ever render it as markup).
 */

const SRC = path.resolve(__dirname, '../../src');
const UNSAFE_SINKS = /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function\(/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it('no browser code turns a string into HTML or code', () => {
  const files = sourceFiles(SRC);
  expect(files.length).toBeGreaterThan(50);
  const offenders = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, where: `${path.relative(SRC, file)}:${index + 1}` }))
      .filter(({ line }) => UNSAFE_SINKS.test(line))
      .map(({ where, line }) => `${where}: ${line.trim()}`),
  );
  expect(offenders).toEqual([]);
});
