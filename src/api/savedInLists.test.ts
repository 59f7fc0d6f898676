import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import type { Branch } from '../domain/channels';
import { server } from '../test/server';
import { apiSlice } from './apiSlice';
import { branchesApi } from './branchesApi';

/**
 * A saved record shows in the cached list at once, before the refresh its save starts: reopening its
 * form, or toggling its status (which sends the whole record), never works from the row as it was.
 */

const ZONA_SUL: Branch = {
  id: 1,
  id_parceiro: 4,
  parceiro: { nome: 'Vida Saúde' },
  titulo: 'Vida Zona Sul',
  apelido: 'Zona Sul',
  endereco: 'Rua A, 1',
  email: 'zs@x.com',
  ativo: true,
  data_registro: '2026-01-02T10:00:00.000Z',
  versao: 0,
};
const CENTRO: Branch = { ...ZONA_SUL, id: 2, titulo: 'Vida Centro', apelido: 'Centro', email: 'c@x.com' };

const makeStore = () =>
  configureStore({
    reducer: { [apiSlice.reducerPath]: apiSlice.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(apiSlice.middleware),
  });

it('puts the saved branch into the cached page before the refresh arrives, keeping what the answer lacks', async () => {
  const { parceiro: _joined, ...answered } = { ...ZONA_SUL, apelido: 'ZS editado' };
  server.use(
    http.get('*/api/branches', () => HttpResponse.json({ data: { data: [ZONA_SUL, CENTRO] } }, { headers: { 'X-Total-Count': '2' } })),
    http.put('*/api/branches/1', () => {
      // The refresh that follows never answers: what the test reads is the saved record put in place.
      server.use(http.get('*/api/branches', () => new Promise<Response>(() => undefined)));
      return HttpResponse.json({ success: true, message: 'Filial atualizada com sucesso!', data: answered });
    }),
  );
  const store = makeStore();
  await store.dispatch(branchesApi.endpoints.getBranches.initiate({ page: 1 }));
  const { id: _id, ativo: _ativo, data_registro: _since, parceiro: _partner, ...body } = { ...ZONA_SUL, apelido: 'ZS editado' };
  await store.dispatch(branchesApi.endpoints.updateBranch.initiate({ id: 1, body })).unwrap();

  const page = branchesApi.endpoints.getBranches.select({ page: 1 })(store.getState()).data!;
  expect(page.items).toEqual([{ ...ZONA_SUL, apelido: 'ZS editado' }, CENTRO]);
});

it('leaves the cached page as it was when the save is refused', async () => {
  server.use(
    http.get('*/api/branches', () => HttpResponse.json({ data: { data: [ZONA_SUL] } }, { headers: { 'X-Total-Count': '1' } })),
    http.put('*/api/branches/1', () => HttpResponse.json({ success: false, message: 'E-mail já cadastrado' }, { status: 409 })),
  );
  const store = makeStore();
  await store.dispatch(branchesApi.endpoints.getBranches.initiate({ page: 1 }));
  const { id: _id, ativo: _ativo, data_registro: _since, parceiro: _partner, ...body } = { ...ZONA_SUL, email: 'c@x.com' };
  await expect(store.dispatch(branchesApi.endpoints.updateBranch.initiate({ id: 1, body })).unwrap()).rejects.toMatchObject({
    status: 409,
  });
  expect(branchesApi.endpoints.getBranches.select({ page: 1 })(store.getState()).data!.items).toEqual([ZONA_SUL]);
});
