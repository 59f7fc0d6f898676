/** A stand-in for ViaCEP that the CEP tests (and the browser tests) start on a free port. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeViaCep {
  baseUrl: string;
  /** CEPs asked, in order. */
  asked: string[];
  /** What the next answers do: `slow` hangs past any timeout, `down` answers 500. */
  mode: 'normal' | 'slow' | 'down';
  close(): Promise<void>;
}

/** The addresses it knows; any other well-formed CEP answers `{"erro": true}` as ViaCEP does. */
export const FAKE_CEPS: Record<string, { logradouro: string; bairro: string; localidade: string; uf: string }> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  '20040020': { logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
};

export async function startFakeViaCep(): Promise<FakeViaCep> {
  const sockets = new Set<Socket>();
  const fake = { asked: [] as string[], mode: 'normal' as FakeViaCep['mode'] };
  const server: Server = createServer((request, response) => {
    const match = /^\/ws\/([^/]*)\/json\/?$/.exec(request.url ?? '');
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(payload));
    };
    if (!match) return send(404, {});
    fake.asked.push(match[1]);
    if (fake.mode === 'slow') return; // never answers: the caller's timeout decides
    if (fake.mode === 'down') return send(500, { message: 'erro interno' });
    if (!/^\d{8}$/.test(match[1])) return send(400, {});
    const known = FAKE_CEPS[match[1]];
    return send(200, known ? { cep: match[1], complemento: '', ibge: '3550308', ...known } : { erro: true });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
