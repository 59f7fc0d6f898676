import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useDispatch } from 'react-redux';
import { downloadFile, exportPath } from '../../api/download';
import { renderWithProviders } from '../../test/renderWithProviders';
import { server } from '../../test/server';
import { ExportListButton } from './ExportListButton';

/** The button as a screen uses it: the download dispatched, so a 401 reaches the session middleware. */
function ListDownload({ path, filename, errorMessage }: { path: string; filename: string; errorMessage: string }) {
  // Shared code's tests cannot reach app/hooks; the store's dispatch runs thunks all the same.
  const dispatch = useDispatch();
  return <ExportListButton download={() => downloadFile(path, filename)(dispatch)} label="Exportar CSV" errorMessage={errorMessage} />;
}

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

  it("says 'Exportando...' and takes no second click while the download runs, and a download that throws gets the toast", async () => {
    let finish: (refused: Error) => void = () => undefined;
    const download = jest.fn(() => new Promise<boolean>((_resolve, reject) => (finish = reject)));
    const { user } = renderWithProviders(<ExportListButton label="Exportar CSV" download={download} errorMessage="Falhou" />);
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    const busy = await screen.findByRole('button', { name: /Exportando/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(download).toHaveBeenCalledTimes(1);
    finish(new Error('rede'));
    expect(await screen.findByText('Falhou')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });
});

describe('exportPath', () => {
  it('carries the filters and the sort, never a page, and no "?" without them', () => {
    expect(exportPath('/partners/export', { sort: 'nome:desc', filters: { nome: 'ana', status: '', cnpj: undefined } })).toBe(
      '/partners/export?sort=nome%3Adesc&nome=ana',
    );
    expect(exportPath('/beneficiaries/export', { filters: { name: '', status: '' } })).toBe('/beneficiaries/export');
  });
});

describe('ExportListButton with a download', () => {
  afterEach(() => jest.restoreAllMocks());

  it('downloads the export with the filters under the file name', async () => {
    let requested: URL | undefined;
    server.use(
      http.get('*/api/lista/export', ({ request }) => {
        requested = new URL(request.url);
        return new HttpResponse('\uFEFFNome\r\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
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
