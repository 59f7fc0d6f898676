import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { notify } from '../toast/notify';

interface DownloadCsvButtonProps {
  /** Downloads the whole filtered list (the screen dispatches `downloadFile`); resolves false when refused. */
  download: () => Promise<boolean>;
  /** The button's text ('Exportar CSV'). */
  label: string;
  /** The toast shown when the download fails or is refused. */
  errorMessage: string;
}

/** Downloads the whole filtered list (not just the page) as CSV, showing 'Exportando...' while it runs. */
export function DownloadCsvButton({ download, label, errorMessage }: DownloadCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      if (!(await download())) notify.error(errorMessage);
    } catch {
      notify.error(errorMessage);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} loadingText="Exportando..." onClick={() => void exportList()}>
      <LuDownload aria-hidden /> {label}
    </Button>
  );
}
