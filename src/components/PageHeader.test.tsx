import { renderWithProviders } from '../test/renderWithProviders';
import { PageHeader } from './PageHeader';

it("names the browser's tab after the screen, and gives it back to the portal's name when the screen goes", () => {
  const { unmount } = renderWithProviders(<PageHeader title="Revendedores" />);
  expect(document.title).toBe('Revendedores | Portal Saúde');
  unmount();
  expect(document.title).toBe('Portal Saúde');
});
