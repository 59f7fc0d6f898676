import { waitFor } from '@testing-library/react';
import { checkoutTheme } from '../components/theme/checkoutTheme';
import { startInSteps } from './startInSteps';

/** Every step and every end of a task, in the order they happen. */
const log: string[] = [];
jest.mock('./yieldToMain', () => ({
  yieldToMain: async () => void log.push('—'),
  afterNextPaint: async () => void log.push('paint'),
}));

const step =
  <T,>(name: string, value: T) =>
  async () => {
    log.push(name);
    return value;
  };

/** A fresh theme object each time: the system is built once per theme, and each test builds its own. */
const freshTheme = () => ({ ...checkoutTheme });

describe('startInSteps', () => {
  // The start-up renders as the browser does, outside act() (this test waits for its result instead).
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeAll(() => (actEnvironment.IS_REACT_ACT_ENVIRONMENT = false));
  afterAll(() => (actEnvironment.IS_REACT_ACT_ENVIRONMENT = true));

  beforeEach(() => {
    log.length = 0;
  });

  it('runs each part of the start-up in a task of its own, fills the store, then renders the app with its store and built system', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const theme = freshTheme();
    await startInSteps(container, {
      afterChakra: () => void log.push('afterChakra'),
      theme: step('theme', theme),
      store: step('store', { name: 'the store' }),
      code: [step('forms', null), step('formats', null)],
      app: step('app', (store: { name: string }, system) => (
        <p>
          {store.name} {system.token('colors.teal.600')}
        </p>
      )),
      beforeRender: async (store: { name: string }) => void log.push(`beforeRender: ${store.name}`),
    });
    // After `theme`: its task's end, the three pauses between createSystem's steps, the last step's end.
    expect(log).toEqual([
      '—',
      'afterChakra',
      '—',
      'theme',
      '—',
      '—',
      '—',
      '—',
      '—',
      'store',
      '—',
      'forms',
      '—',
      'formats',
      '—',
      'app',
      '—',
      'beforeRender: the store',
      '—',
    ]);
    await waitFor(() => expect(container).toHaveTextContent('the store #0d9488'));
    container.remove();
  });

  it('lets a prerendered page paint before anything else', async () => {
    const container = document.createElement('div');
    container.setAttribute('inert', '');
    await startInSteps(container, { theme: step('theme', freshTheme()), store: step('store', {}), app: step('app', () => null) });
    expect(log[0]).toBe('paint');
    expect(log.filter((entry) => entry !== '—')).toEqual(['paint', 'theme', 'store', 'app']);
  });
});
