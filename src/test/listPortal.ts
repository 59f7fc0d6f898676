import { http, HttpResponse } from 'msw';
import { lastMonths, type SalesReport } from '../domain/report';
import { server } from './server';

const CHANNEL_OPTIONS = { partners: [], branches: [], resellers: [] };
const EMPTY_REPORT: SalesReport = {
  summary: { count: 0, total: 0, last30: 0, last7: 0 },
  byPartner: [],
  rows: [],
  pageTotal: 0,
  monthly: lastMonths().map((month) => ({ month, count: 0, total: 0 })),
};

/**
 * Answers every GET the list screens and the sales report make, each list with these rows in the envelope its call answers
 * with (the spec's shapes) and empty filter options, once `ready` (when given) resolves; answers the
 * URLs asked for, in order.
 */
export function serveListPortal(rows: unknown[] = [], ready?: Promise<void>) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/*', async ({ request }) => {
      asked.push(request.url);
      const { pathname } = new URL(request.url);
      if (pathname === '/api/auth/verify')
        return HttpResponse.json({ user: { id: 1, nome: 'Fulano', email: 'usuario@teste.com.br', userType: 'ADMINISTRADOR' } });
      if (pathname.endsWith('/filters')) return HttpResponse.json(CHANNEL_OPTIONS);
      await ready;
      const headers = { 'X-Total-Count': String(rows.length) };
      if (pathname === '/api/reports/sales') return HttpResponse.json({ ...EMPTY_REPORT, rows }, { headers });
      if (pathname === '/api/professionals') return HttpResponse.json({ data: rows }, { headers });
      if (/^\/api\/(partners|branches|resellers)$/.test(pathname)) return HttpResponse.json({ data: { data: rows } }, { headers });
      return HttpResponse.json(rows, { headers });
    }),
  );
  return asked;
}
