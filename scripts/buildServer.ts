import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run build:server` (part of `npm run build`): compiles the server and the shared domain code to
 * CommonJS in `dist-server/` (tsconfig.server.json), copies what the server reads at run time (the
 * migrations, the common-password list), and checks that the compiled code needs only packages of
 * `dependencies`, so `npm ci --omit=dev --ignore-scripts && npm run serve` runs it with plain `node`.
 */
const root = path.resolve(__dirname, '..');
const out = path.join(root, 'dist-server');

rmSync(out, { recursive: true, force: true });
const compiled = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

for (const asset of ['server/db/migrations', 'server/services/auth/commonPasswords.txt', 'server/services/auth/commonPasswords.LICENSE']) {
  cpSync(path.join(root, asset), path.join(out, asset), { recursive: true });
}

function javascriptFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return javascriptFiles(full);
    return name.endsWith('.js') ? [full] : [];
  });
}

const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const builtins = new Set(builtinModules);
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const missing = new Set<string>();
// The tests' support (server/test) is not compiled (tsconfig.server.json): every file here is the server's.
const runtimeFiles = javascriptFiles(path.join(out, 'server'));
for (const file of runtimeFiles) {
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:require\(|import\()['"]([^'".][^'"]*)['"]\)/g)) {
    const name = packageOf(specifier.replace(/^node:/, ''));
    if (!builtins.has(name) && !dependencies[name]) missing.add(`${name} (${path.relative(out, file)})`);
  }
}
if (missing.size) {
  console.error(`O servidor compilado usa pacotes fora de "dependencies":\n  ${[...missing].join('\n  ')}`);
  process.exit(1);
}
console.log(`Servidor compilado em ${path.relative(root, out)}/ (${runtimeFiles.length} arquivos): npm run serve`);
