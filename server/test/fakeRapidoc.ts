import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RAPIDOC_CONTENT_TYPE } from '../services/telemedicine/rapidoc/client';

/**
 * A fake Rapidoc TEMA API for the adapter's tests, on 127.0.0.1, following the contract of
 * docs/upstream-services.md: it refuses calls without the exact headers, answers beneficiaries in
 * `{success, ...}` envelopes and the rest as bare JSON, and can be told to fail a call in the
 * provider's ways (an error status, `success:false` with 200, garbage, or silence).
 */
export const FAKE_CLIENT_ID = '9d1c6a1e-3f7b-4c55-a0a1-5b2f1f0e7c11';
export const FAKE_TOKEN = 'fake-rapidoc-token';
const BASE = '/tema/api';

export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface ScriptedAnswer {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  raw?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

interface FakeBeneficiary {
  uuid: string;
  cpf: string;
  name: string;
  isActive: boolean;
  [key: string]: unknown;
}

export interface FakeRapidoc {
  baseUrl: string;
  calls: RecordedCall[];
  specialties: unknown[];
  /** Availability items; a slot may name its `professional{name}` and `specialty{uuid,name}`. */
  slots: unknown[];
  appointments: Array<Record<string, unknown>>;
  referrals: Array<Record<string, unknown>>;
  beneficiaries: FakeBeneficiary[];
  /** How POST /beneficiaries reports the new uuid: the three shapes seen in the wild. */
  registerAnswerShape: 'beneficiaries' | 'beneficiary' | 'array';
  /** The next call to `METHOD /path` (path without the base, query ignored) gets this answer. */
  script(method: string, path: string, answer: ScriptedAnswer): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });
}

export async function startFakeRapidoc(): Promise<FakeRapidoc> {
  const scripted = new Map<string, ScriptedAnswer>();
  const fake = {
    calls: [] as RecordedCall[],
    specialties: [] as unknown[],
    slots: [] as unknown[],
    appointments: [] as Array<Record<string, unknown>>,
    referrals: [] as Array<Record<string, unknown>>,
    beneficiaries: [] as FakeBeneficiary[],
    registerAnswerShape: 'beneficiaries' as FakeRapidoc['registerAnswerShape'],
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function route(method: string, path: string, body: unknown, response: ServerResponse) {
    const parts = path.split('/').filter(Boolean);
    if (method === 'GET' && path === '/specialties') return send(response, 200, fake.specialties);
    if (method === 'GET' && path === '/specialty-availability') return send(response, 200, fake.slots);
    if (method === 'GET' && path === '/beneficiary-medical-referrals') return send(response, 200, fake.referrals);
    if (method === 'GET' && path === '/appointments') return send(response, 200, fake.appointments);
    if (parts[0] === 'appointments' && parts.length === 2) {
      const appointment = fake.appointments.find((candidate) => candidate.uuid === parts[1]);
      if (!appointment) return send(response, 404, { message: 'Appointment not found' });
      if (method === 'GET') return send(response, 200, appointment);
      if (method === 'DELETE') {
        appointment.status = 'CANCELED';
        return send(response, 200, { success: true });
      }
    }
    if (method === 'POST' && path === '/appointments') {
      const request = body as Record<string, unknown>;
      const slot = fake.slots.find((candidate) => (candidate as { uuid: string }).uuid === request.availabilityUuid) as
        { date: string; from: string; to: string; professional?: { name: string }; professionalName?: string } | undefined;
      if (!slot) return send(response, 409, { message: 'Horário indisponível' });
      const beneficiary = fake.beneficiaries.find((candidate) => candidate.uuid === request.beneficiaryUuid);
      const appointment = {
        uuid: randomUUID(),
        status: 'SCHEDULED',
        beneficiary: { uuid: request.beneficiaryUuid, name: beneficiary?.name ?? 'Paciente', cpf: beneficiary?.cpf ?? '', phone: 'null' },
        specialty: fake.specialties.find((candidate) => (candidate as { uuid: string }).uuid === request.specialtyUuid),
        // The slot's professional attends (the one the patient chose); a slot naming nobody gets the default.
        professional: { name: slot.professional?.name ?? slot.professionalName ?? 'Dr. Provedor', specialties: [{ name: 'Cardiologia' }] },
        detail: { date: slot.date, from: slot.from, to: slot.to },
        beneficiaryUrl: `https://atendimento.example/${randomUUID()}`,
      };
      fake.appointments.push(appointment);
      return send(response, 200, appointment);
    }
    if (parts[0] === 'beneficiaries') {
      if (method === 'POST' && parts.length === 1) {
        const [first] = body as Array<Record<string, unknown>>;
        const created = { ...first, uuid: randomUUID(), isActive: true } as FakeBeneficiary;
        fake.beneficiaries.push(created);
        if (fake.registerAnswerShape === 'array') return send(response, 200, [{ uuid: created.uuid }]);
        if (fake.registerAnswerShape === 'beneficiary') return send(response, 200, { success: true, beneficiary: { uuid: created.uuid } });
        return send(response, 200, { success: true, beneficiaries: [{ uuid: created.uuid }] });
      }
      const key = parts[1];
      const found = fake.beneficiaries.find((candidate) => candidate.uuid === key || candidate.cpf === key);
      if (method === 'GET')
        return found
          ? send(response, 200, { success: true, beneficiary: found })
          : send(response, 200, { success: false, message: 'Beneficiário não encontrado' });
      if (!found) return send(response, 404, { success: false, message: 'Beneficiário não encontrado' });
      if (method === 'PUT' && parts[2] === 'reactivate') found.isActive = true;
      else if (method === 'PUT') Object.assign(found, body);
      else if (method === 'DELETE') found.isActive = false;
      return send(response, 200, { success: true });
    }
    return send(response, 404, { message: 'Not found' });
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) : url.pathname;
    fake.calls.push({ method: request.method ?? '', path: `${path}${url.search}`, headers: request.headers, body });
    const { authorization, clientid } = request.headers;
    if (
      authorization !== `Bearer ${FAKE_TOKEN}` ||
      clientid !== FAKE_CLIENT_ID ||
      request.headers['content-type'] !== RAPIDOC_CONTENT_TYPE
    ) {
      return send(response, 401, { message: 'Unauthorized' });
    }
    const key = `${request.method} ${path}`;
    const answer = scripted.get(key);
    if (answer) {
      scripted.delete(key);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (response.destroyed) return;
      if (answer.raw !== undefined) {
        response.writeHead(answer.status ?? 200, { 'Content-Type': 'text/html' });
        return response.end(answer.raw);
      }
      return send(response, answer.status ?? 200, answer.body ?? {});
    }
    return route(request.method ?? '', path, body, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}${BASE}`,
    script: (method: string, path: string, answer: ScriptedAnswer) => scripted.set(`${method} ${path}`, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
