import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { notify } from '../toast/notify';

interface ExportListButtonProps {
  /** The button's text ('Exportar CSV'). */
  label: string;
  /** Downloads the whole filtered list (the screen dispatches its export thunk); resolves false when refused. */
  download: () => Promise<boolean>;
  /** The toast shown when the download fails or is refused. */
  errorMessage: string;
  /** Nothing to export: the filtered list is empty (or not loaded yet). */
  disabled?: boolean;
}

/**
 * A list page's 'Exportar CSV' in its header: downloads the whole filtered list (not just the page),
 * showing 'Exportando...' while it runs (a second click waits for the first), a toast when it fails.
 */
export function ExportListButton({ label, download, errorMessage, disabled = false }: ExportListButtonProps) {
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
    <Button variant="outline" loading={busy} loadingText="Exportando..." disabled={disabled} onClick={() => void exportList()}>
      <LuDownload aria-hidden /> {label}
    </Button>
  );
}
