import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { downloadFile } from '../../../api/download';
import { notify } from '../../../components/toast/notify';
import { REPORT_MESSAGES, REPORT_TEXTS } from '../../../domain/report';

/** Downloads every filtered sale (not just the page) as CSV. */
export function ExportReportButton({ query }: { query: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const ok = await downloadFile(`/reports/sales/export${query ? `?${query}` : ''}`, 'relatorio-vendas.csv');
      if (!ok) notify.error(REPORT_MESSAGES.exportError);
    } catch {
      notify.error(REPORT_MESSAGES.exportError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} loadingText="Exportando..." onClick={() => void download()}>
      <LuDownload aria-hidden /> {REPORT_TEXTS.exportCsv}
    </Button>
  );
}
