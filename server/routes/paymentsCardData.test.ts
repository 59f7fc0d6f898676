import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { FAKE_ASAAS_KEY, startFakeAsaas, type FakeAsaas } from '../test/fakeAsaas';
import { checkoutBody, newIdempotencyKey, REFUSED_CARD } from '../test/payments';

/**
 * Card data must never be stored or logged. This runs the real server (PGlite on disk, the Asaas
 * adapter against a fake gateway, the most verbose log level), pays, is refused, fails validation
 * and times out once, then searches every table, the database's files on disk and the whole log.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const CARD = { holderName: 'MARIA SIGILO', number: '4539 1488 0343 6467', expiryMonth: '11', expiryYear: '2033', ccv: '817' };
const CARD_DIGITS = CARD.number.replace(/\s/g, '');
const CARD_FIELD_NAMES = /\b(ccv|expiryMonth|expiryYear|creditCard)\b/i;

let fake: FakeAsaas;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;
let logOutput = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startPortal() {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-card-data-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'trace',
    PAYMENT_GATEWAY: 'asaas',
    ASAAS_BASE_URL: fake.baseUrl,
    ASAAS_API_KEY: FAKE_ASAAS_KEY,
    ASAAS_WEBHOOK_TOKEN: 'card-data-test-token',
    PAYMENT_TIMEOUT_MS: '1500',
  };
  // This test reads the database's own files, so it always runs on PGlite.
  delete env.DATABASE_URL;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk) => (logOutput += chunk));
  server.stderr!.on('data', (chunk) => (logOutput += chunk));
  baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited: ${logOutput}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopPortal() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const pay = (body: object) =>
  fetch(`${baseUrl}/api/payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newIdempotencyKey() },
    body: JSON.stringify(body),
  });

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** Every row of every table of the database, as text. */
async function dumpDatabase(): Promise<string> {
  const handle = await openDatabase({ dataDir });
  try {
    const tables = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = (tables as unknown as { rows: Array<{ table_name: string }> }).rows.map((row) => row.table_name);
    expect(names).toEqual(expect.arrayContaining(['payment_attempts', 'sales', 'beneficiaries']));
    let dump = '';
    for (const name of names) {
      const rows = await handle.db.execute(sql`select * from ${sql.identifier(name)}`);
      dump += `${name}: ${JSON.stringify((rows as unknown as { rows: unknown[] }).rows)}\n`;
    }
    return dump;
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  fake = await startFakeAsaas();
  await startPortal();
});
afterAll(async () => {
  await stopPortal();
  await fake.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('never writes the card number, CCV or expiry to the database or the logs', async () => {
  fake.nextCharges.push({ kind: 'slowAnswer', ms: 4000 });
  const approved = await pay(checkoutBody({ selectedPlan: 'plano_individual' }, CARD));
  expect(await approved.json()).toEqual({ success: true });

  const refused = await pay(checkoutBody({}, { ...CARD, number: REFUSED_CARD }));
  expect(await refused.json()).toMatchObject({ success: false });

  const invalid = await pay(checkoutBody({ email: 'sem-arroba' }, CARD));
  expect(invalid.status).toBe(400);

  await stopPortal();
  const database = await dumpDatabase();
  const files = filesUnder(dataDir).map((file) => readFileSync(file).toString('latin1'));

  // The checks can fail: the logs were really written, and what may be kept was kept.
  expect(logOutput).toMatch(/"url":"\/api\/payment"/);
  expect(logOutput).toMatch(/payment gateway timeout/);
  expect(database).toMatch(/"card_last4":"6467"/);
  expect(database).toMatch(/"card_brand":"Visa"/);

  const secrets = [CARD_DIGITS, CARD.number, REFUSED_CARD, CARD_DIGITS.slice(0, 12)];
  for (const secret of secrets) {
    expect(logOutput).not.toContain(secret);
    expect(database).not.toContain(secret);
    for (const file of files) expect(file.includes(secret)).toBe(false);
  }
  // A three-digit CCV turns up by chance inside timestamps (…:10.817+00), hashes and timings: it is
  // looked for as a value of its own, quoted ("817") or bare (:817, before a comma or a bracket).
  // The card fields' names are looked for as words: random tokens and hashes hold 'ccv' by chance.
  const asValue = (value: string) => new RegExp(`"${value}"|:${value}[,}\\]]`);
  for (const text of [logOutput, database]) {
    expect(text).not.toMatch(asValue(CARD.ccv));
    expect(text).not.toMatch(CARD_FIELD_NAMES);
    expect(text).not.toMatch(asValue(CARD.expiryYear));
  }
});
