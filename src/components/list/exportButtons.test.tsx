import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useDispatch } from 'react-redux';
import { downloadFile } from '../../api/download';
import { renderWithProviders } from '../../test/renderWithProviders';
import { server } from '../../test/server';
import { DownloadCsvButton } from './DownloadCsvButton';

/** The button as a screen uses it: the download dispatched, so a 401 reaches the session middleware. */
function ListDownload({ path, filename, errorMessage }: { path: string; filename: string; errorMessage: string }) {
  // Shared code's tests cannot reach app/hooks; the store's dispatch runs thunks all the same.
  const dispatch = useDispatch();
  return <DownloadCsvButton download={() => downloadFile(path, filename)(dispatch)} label="Exportar CSV" errorMessage={errorMessage} />;
}
import { ExportListButton } from './ExportListButton';

describe('ExportListButton', () => {
  it('is disabled while there is nothing to export', async () => {
    renderWithProviders(<ExportListButton label="Exportar CSV" download={jest.fn()} errorMessage="Falhou" disabled />);
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  });

  it('downloads on click, and shows the error toast when the download is refused', async () => {
    const download = jest.fn(async () => false);
    const { user } = renderWithProviders(
      <ExportListButton label="Exportar CSV" download={download} errorMessage="Não foi possível exportar a lista" disabled={false} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    expect(download).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Não foi possível exportar a lista')).toBeInTheDocument();
  });
});

describe('DownloadCsvButton', () => {
  afterEach(() => jest.restoreAllMocks());

  it('downloads the export with the filters under the file name', async () => {
    let requested: URL | undefined;
    server.use(
      http.get('*/api/lista/export', ({ request }) => {
        requested = new URL(request.url);
        return new HttpResponse('\uFEFFNome\r\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    let downloaded: string | undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const { user } = renderWithProviders(<ListDownload path="/lista/export?status=ativo" filename="lista.csv" errorMessage="Falhou" />);
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloaded).toBe('lista.csv'));
    expect(requested?.searchParams.get('status')).toBe('ativo');
  });

  it('shows the error toast when the server refuses the export', async () => {
    server.use(http.get('*/api/lista/export', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = renderWithProviders(<ListDownload path="/lista/export" filename="lista.csv" errorMessage="Erro ao exportar" />);
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Erro ao exportar')).toBeInTheDocument();
  });
});
