import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API on API_PORT (3001) with restarts on change, and webpack's dev server with
 * hot reload on DEV_PORT (8080) proxying /api to it.
 */
const apiPort = process.env.API_PORT || '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn('npx', ['webpack', 'serve', '--mode', 'development'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && process.exit(code)));
