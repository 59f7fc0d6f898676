import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { downloadFile } from '../../../api/download';
import { notify } from '../../../components/toast/notify';
import { BENEFICIARY_MESSAGES as M, BENEFICIARY_TEXTS as T } from '../../../domain/beneficiaries';

/** Downloads the whole filtered list (not just the page) as CSV. */
export function ExportCsvButton({ query }: { query: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      if (!(await downloadFile(`/beneficiaries/export${query ? `?${query}` : ''}`, 'beneficiarios.csv'))) notify.error(M.exportError);
    } catch {
      notify.error(M.exportError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} loadingText="Exportando..." onClick={() => void download()}>
      <LuDownload aria-hidden /> {T.exportCsv}
    </Button>
  );
}
