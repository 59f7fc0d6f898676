import { API_BASE_URL } from './baseUrl';
import { getToken } from './session';

/**
 * Downloads a file the API produces (CSV exports) with the session's token, under `filename`.
 * Resolves false when the server refused it.
 */
export async function downloadFile(path: string, filename: string): Promise<boolean> {
  const token = getToken();
  const response = await fetch(`${API_BASE_URL}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
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
}
