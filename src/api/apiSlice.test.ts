import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { apiSlice, listTags } from './apiSlice';
import { replaceToken } from './session';

/** What every RTK Query call carries (the stored session's token), and the tags a list provides. */

const probeApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/probe' }) }),
});

async function askProbe() {
  const authorizations: Array<string | null> = [];
  server.use(
    http.get('*/api/probe', ({ request }) => {
      authorizations.push(request.headers.get('Authorization'));
      return HttpResponse.json({});
    }),
  );
  const store = configureStore({ reducer: { api: apiSlice.reducer }, middleware: (defaults) => defaults().concat(apiSlice.middleware) });
  await store.dispatch(probeApi.endpoints.probe.initiate());
  return authorizations;
}

afterEach(() => localStorage.clear());

it("sends the stored session's token as a bearer token", async () => {
  replaceToken('the-token');
  expect(await askProbe()).toEqual(['Bearer the-token']);
});

it('sends no Authorization header without a session', async () => {
  expect(await askProbe()).toEqual([null]);
});

it('tags a list with each item by id and the LIST tag that creations invalidate', () => {
  expect(listTags('Partner', [{ id: 1 }, { id: 'b' }])).toEqual([
    { type: 'Partner', id: 1 },
    { type: 'Partner', id: 'b' },
    { type: 'Partner', id: 'LIST' },
  ]);
  expect(listTags('Partner', undefined)).toEqual([{ type: 'Partner', id: 'LIST' }]);
});
