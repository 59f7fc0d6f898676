import '@testing-library/jest-dom';
import { act, configure } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { server } from './server';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// findBy*/waitFor give up after 1 s by default; a suite's first render also evaluates its lazy
// screens, which on a loaded 2-core CI machine took longer (over 5 s with a load average of 20). The
// limit only delays a failure, never a pass.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks these browser APIs that Chakra UI (Ark/Zag) and our layout use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class IntersectionObserverStub extends ResizeObserverStub {
  takeRecords() {
    return [];
  }
}
Object.assign(globalThis, { ResizeObserver: ResizeObserverStub, IntersectionObserver: IntersectionObserverStub });
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
// Chakra's switch and checkbox listen for pointer events, which jsdom does not construct.
if (!('PointerEvent' in window)) {
  class PointerEventStub extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventStub });
}
Element.prototype.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

// Node's URL is shared by every test file of a worker (jest-fixed-jsdom): a file that replaces its
// object-URL functions without restoring them (jest.spyOn does) keeps its whole window in memory.
const { createObjectURL, revokeObjectURL } = URL;
afterAll(() => {
  expect(URL.createObjectURL).toBe(createObjectURL);
  expect(URL.revokeObjectURL).toBe(revokeObjectURL);
});

// The network is faked at the fetch level; an unexpected request fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  // react-hot-toast keeps its toasts in a module-level store: start each test with none.
  act(() => toast.remove());
});
afterAll(() => server.close());
