import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { downloadFile } from '../../api/download';
import { notify } from '../toast/notify';

interface DownloadCsvButtonProps {
  /** The API's export path, without '/api' ('/beneficiaries/export'). */
  path: string;
  /** The filters as a query string (without '?'); empty for none. */
  query: string;
  /** The name the file is saved under ('beneficiarios.csv'). */
  filename: string;
  /** The button's text ('Exportar CSV'). */
  label: string;
  /** The toast shown when the download fails or is refused. */
  errorMessage: string;
}

/** Downloads the whole filtered list (not just the page) as CSV, showing 'Exportando...' while it runs. */
export function DownloadCsvButton({ path, query, filename, label, errorMessage }: DownloadCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      if (!(await downloadFile(`${path}${query ? `?${query}` : ''}`, filename))) notify.error(errorMessage);
    } catch {
      notify.error(errorMessage);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} loadingText="Exportando..." onClick={() => void download()}>
      <LuDownload aria-hidden /> {label}
    </Button>
  );
}
