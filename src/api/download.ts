import type { Dispatch } from '@reduxjs/toolkit';
import { API_BASE_URL } from './baseUrl';
import type { ListArgs } from './paging';
import { getToken } from './session';
import { unauthorizedResponse } from './sessionEvents';

/** A download to dispatch: resolves false when the server refused it. */
export type DownloadThunk = (dispatch: Dispatch) => Promise<boolean>;

/**
 * A CSV export's path: the list's filters and sort, empty filters left out. No page or page size:
 * an export takes every row of the filtered list, whichever page the screen shows.
 */
export function exportPath(path: string, { filters = {}, sort }: Pick<ListArgs, 'filters' | 'sort'>): string {
  const params = new URLSearchParams();
  if (sort) params.set('sort', sort);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The server's reason for a refusal ('Sessão expirada…'), when it sent one. */
async function refusalReason(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message ? body.message : undefined;
}

/**
 * Downloads a file the API produces (CSV exports) with the session's token, under `filename`.
 * A thunk, so that a 401 reaches the session middleware like any other call's (the store ends the
 * session; nothing here does).
 */
export const downloadFile =
  (path: string, filename: string): DownloadThunk =>
  async (dispatch) => {
    const token = getToken();
    const response = await fetch(`${API_BASE_URL}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (response.status === 401) dispatch(unauthorizedResponse({ reason: await refusalReason(response) }));
    if (!response.ok) return false;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    return true;
  };
