import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DESKTOP, launchBrowser, watchPageErrors } from '../../e2e/support/browser';
import { placeholderFile } from '../../server/services/uploads/placeholders';
import { freshCpf } from '../../server/test/channelFixtures';
import { ADMIN, ROOT, startCluster, type Cluster } from './cluster';

/**
 * deploy/ tested: nginx with deploy/nginx/portal.conf in front of two compiled copies on one
 * PostgreSQL (run `npm run build` first; `npm run test:production`).
 */

const PNG = placeholderFile('placeholder/foto.png')!.content;
const PDF = placeholderFile('placeholder/crm.pdf')!.content;

async function signIn(baseUrl: string, headers: Record<string, string> = {}, senha = ADMIN.password, email = ADMIN.email) {
  return fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, senha, userType: 'ADMINISTRADOR' }),
  });
}

/** A copy's log lines of a request, once its last one ("request completed") was written. */
async function loggedLines(cluster: Cluster, requestId: string) {
  for (let waited = 0; ; waited += 50) {
    const lines = cluster.copies.flatMap((copy) => copy.logLines().filter((line) => line.reqId === requestId));
    if (lines.some((line) => line.msg === 'request completed') || waited > 3000) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function professionalForm(name: string): FormData {
  const fields: Record<string, unknown> = {
    nome_completo: name,
    cpf: freshCpf(),
    data_nascimento: '1980-04-12',
    sexo: 'Feminino',
    crm: '123456',
    crm_estado: 'SP',
    especialidades: ['Cardiologia'],
    email: 'helena.producao@teste.com.br',
    telefone_celular: '(11) 98888-7777',
    cep: '01310-100',
    modalidade_atendimento: 'Online',
    tempo_medio_consulta: '30',
    agenda: [{ diaSemana: 1, inicio: '08:00', fim: '12:00' }],
  };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, typeof value === 'string' ? value : JSON.stringify(value));
  form.append('foto_medico', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
  for (const field of ['copia_crm', 'comprovante_especialidade', 'termo_aceite']) {
    form.append(field, new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `${field}.pdf`);
  }
  return form;
}

describe('production: nginx in front of two copies on PostgreSQL', () => {
  let cluster: Cluster;
  let token: string;
  const auth = () => ({ authorization: `Bearer ${token}` });
  before(async () => {
    cluster = await startCluster();
  });
  after(() => cluster?.stop());

  it('both copies, started together on an empty database, came up with one administrator', async () => {
    for (const copy of cluster.copies) assert.equal((await fetch(`${copy.url}/api/health`)).status, 200);
    const created = cluster.copies
      .flatMap((copy) => copy.logLines())
      .filter((line) => /Administrador inicial criado/.test(String(line.msg)));
    assert.equal(created.length, 1);
  });

  it('signs in and lists through nginx, with the same request id in the answer and the log', async () => {
    const answer = await signIn(cluster.nginxUrl);
    assert.equal(answer.status, 200);
    token = ((await answer.json()) as { token: string }).token;
    const list = await fetch(`${cluster.nginxUrl}/api/professionals`, { headers: auth() });
    assert.equal(list.status, 200);
    assert.ok(Array.isArray(((await list.json()) as { data: unknown[] }).data));
    const requestId = list.headers.get('x-request-id')!;
    assert.match(requestId, /^[0-9a-f]{32}$/);
    const logged = await loggedLines(cluster, requestId);
    assert.deepEqual(
      logged.map((line) => line.msg),
      ['incoming request', 'request completed'],
    );
  });

  it('serves the hashed assets from nginx, precompressed and cached for a year', async () => {
    const script = readdirSync(path.join(ROOT, 'dist', 'assets')).find((name) => /^main\.[0-9a-f]+\.js$/.test(name))!;
    assert.ok(script, 'dist/assets/main.<hash>.js');
    const encoding = cluster.brotli ? 'br' : 'gzip';
    const asset = await fetch(`${cluster.nginxUrl}/assets/${script}`, { headers: { 'accept-encoding': encoding } });
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('content-encoding'), encoding);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('lists through one copy, on the next request, what was created through the other, and serves its files there', async () => {
    const [first, second] = cluster.copies;
    const name = `Dra. Produção ${Date.now()}`;
    const created = await fetch(`${first.url}/api/professionals`, { method: 'POST', headers: auth(), body: professionalForm(name) });
    assert.equal(created.status, 201, await created.clone().text());
    const list = await fetch(`${second.url}/api/professionals?nome=${encodeURIComponent(name)}`, { headers: auth() });
    const rows = ((await list.json()) as { data: Array<{ nome_completo: string; copia_crm: string }> }).data;
    assert.deepEqual(
      rows.map((row) => row.nome_completo),
      [name],
    );
    // The signed link, handed out by the second copy, opens on the first and on the second.
    for (const copy of [first, second]) {
      const file = await fetch(`${copy.url}${rows[0].copia_crm}`);
      assert.equal(file.status, 200);
      assert.ok(Buffer.from(await file.arrayBuffer()).equals(PDF));
    }
  });

  it('trips the sign-in throttle after ten wrong passwords through nginx, across both copies, whatever X-Forwarded-For says', async () => {
    const answers: Response[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      // An e-mail of its own: the administrator's sign-in from this address stays open for the browser.
      answers.push(
        await signIn(cluster.nginxUrl, { 'x-forwarded-for': `198.51.100.${attempt + 1}` }, 'senha-errada-1', 'ninguem@portal.test'),
      );
    }
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [...Array(10).fill(401), 429],
    );
    const served = new Set<string | undefined>();
    for (const answer of answers) {
      await loggedLines(cluster, answer.headers.get('x-request-id')!);
      served.add(cluster.copies.find((copy) => copy.logLines().some((line) => line.reqId === answer.headers.get('x-request-id')))?.name);
    }
    assert.deepEqual([...served].sort(), ['copia-1', 'copia-2']);
  });

  it("answers /metrics on each copy's metrics port", async () => {
    for (const copy of cluster.copies) {
      const metrics = await fetch(`http://127.0.0.1:${copy.metricsPort}/metrics`);
      assert.equal(metrics.status, 200);
      const text = await metrics.text();
      assert.match(text, /http_requests_total\{method="GET",route="\/api\/health",status_code="200"\}/);
      assert.match(text, /db_pool_connections\{state="waiting"\}/);
    }
  });

  it('shows a list page in the browser, through nginx', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext(DESKTOP);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${cluster.nginxUrl}/login`);
      await page.getByLabel('Tipo de Usuário').selectOption({ label: 'Administrador' });
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Senha').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL('**/profissionais');
      await page
        .getByText(/Dra\. Produção/)
        .first()
        .waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });

  it('loses no request in a rolling restart under load through nginx (SIGTERM to each copy in turn)', async () => {
    const failures: string[] = [];
    let sent = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        sent += 1;
        try {
          const answer = await fetch(`${cluster.nginxUrl}/api/professionals?pageSize=5`, { headers: auth() });
          if (answer.status !== 200) failures.push(`status ${answer.status}`);
          await answer.arrayBuffer();
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const workers = Array.from({ length: 8 }, worker);
    await pause(1000);
    const exitCodes = [await cluster.copies[0].stop('SIGTERM')];
    await cluster.restart(0);
    // Past nginx's fail_timeout for the restarted copy, so it takes requests again.
    await pause(6000);
    exitCodes.push(await cluster.copies[1].stop('SIGTERM'));
    await pause(2000);
    running = false;
    await Promise.all(workers);
    assert.deepEqual(exitCodes, [0, 0]);
    assert.ok(sent > 100, `only ${sent} requests sent`);
    assert.deepEqual(failures, []);
  });
});
