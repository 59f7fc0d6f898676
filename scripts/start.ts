import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the browser app when the build is missing or older than its sources, then
 * runs the server, which serves the build and the API on one port.
 */
const root = path.resolve(__dirname, '..');
const buildStamp = path.join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'webpack.config.ts', 'babel.config.js', 'package.json'];

function newestChange(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child))), stat.mtimeMs);
}

const builtAt = existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log(builtAt ? 'Código alterado: recompilando o app...' : 'Compilando o app (primeira execução)...');
  const result = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

void import('../server/main');
