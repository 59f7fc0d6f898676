import type { Dispatch } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { downloadFile } from './download';
import { replaceToken } from './session';
import { unauthorizedResponse } from './sessionEvents';

/** A CSV export's download: the session's token, the file saved under its name, a 401 handed to the session middleware. */

const EXPORT = '/beneficiaries/export';

function serveExport(answer: () => Response) {
  const authorizations: Array<string | null> = [];
  server.use(
    http.get(`*/api${EXPORT}`, ({ request }) => {
      authorizations.push(request.headers.get('Authorization'));
      return answer();
    }),
  );
  return authorizations;
}

async function download() {
  const dispatched: unknown[] = [];
  const dispatch = ((action: unknown) => dispatched.push(action)) as unknown as Dispatch;
  const saved = await downloadFile(EXPORT, 'beneficiarios.csv')(dispatch);
  return { saved, dispatched };
}

let clicked: Array<{ href: string; download: string; attached: boolean }>;
beforeEach(() => {
  clicked = [];
  jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

it("saves the file under its name with the session's token, and lets go of it afterwards", async () => {
  replaceToken('the-token');
  const authorizations = serveExport(() => new HttpResponse('Nome;CPF\r\n', { headers: { 'Content-Type': 'text/csv' } }));
  expect(await download()).toEqual({ saved: true, dispatched: [] });
  expect(authorizations).toEqual(['Bearer the-token']);
  expect(clicked).toEqual([{ href: 'blob:export', download: 'beneficiarios.csv', attached: true }]);
  expect(document.querySelector('a[download]')).toBeNull();
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:export');
});

it('asks without an Authorization header when no session is stored', async () => {
  const authorizations = serveExport(() => new HttpResponse('x'));
  await download();
  expect(authorizations).toEqual([null]);
});

it.each([
  ['the reason the server gave', HttpResponse.json({ message: 'Sua conta foi inativada.' }, { status: 401 }), 'Sua conta foi inativada.'],
  ['no reason for an empty message', HttpResponse.json({ message: '' }, { status: 401 }), undefined],
  ['no reason for a message that is not text', HttpResponse.json({ message: 401 }, { status: 401 }), undefined],
  ['no reason for a body that is not JSON', new HttpResponse('Unauthorized', { status: 401 }), undefined],
])('ends the session on a 401, with %s, and saves nothing', async (_case, answer, reason) => {
  replaceToken('expired');
  serveExport(() => answer.clone());
  expect(await download()).toEqual({ saved: false, dispatched: [unauthorizedResponse({ reason })] });
  expect(clicked).toEqual([]);
});

it('keeps the session on any other refusal, and saves nothing', async () => {
  replaceToken('the-token');
  serveExport(() => HttpResponse.json({ message: 'Acesso negado.' }, { status: 403 }));
  expect(await download()).toEqual({ saved: false, dispatched: [] });
  expect(clicked).toEqual([]);
});
