import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { notify } from '../toast/notify';

interface ExportListButtonProps {
  /** The button's text ('Exportar CSV'). */
  label: string;
  /** Downloads the whole filtered list; resolves false when the server refused it. */
  download: () => Promise<boolean>;
  /** The toast shown when the download was refused. */
  errorMessage: string;
  /** Nothing to export: the filtered list is empty (or not loaded yet). */
  disabled: boolean;
}

/** A list page's 'Exportar CSV' in its header: downloads the whole filtered list (not just the page), a toast when that fails. */
export function ExportListButton({ label, download, errorMessage, disabled }: ExportListButtonProps) {
  const exportList = async () => {
    if (!(await download())) notify.error(errorMessage);
  };
  return (
    <Button variant="outline" onClick={() => void exportList()} disabled={disabled}>
      <LuDownload aria-hidden /> {label}
    </Button>
  );
}
