import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RootState } from '../app/store';
import { renderWithProviders } from './renderWithProviders';

/**
 * Renders a screen the way the menu reaches it: from another screen, by a navigation to `path`
 * (not a reload nor Back, which show the URL as it is). `state` is the navigation's state.
 */
export async function renderArrivingAt(
  ui: ReactElement,
  path: string,
  options: { preloadedState?: Partial<RootState>; state?: unknown } = {},
) {
  const view = renderWithProviders(ui, {
    route: '/inicio',
    path: path.split('?')[0],
    routes: [{ path: '/inicio', element: <p>Início</p> }],
    preloadedState: options.preloadedState,
  });
  await act(() => view.router.navigate(path, { state: options.state }));
  return view;
}
