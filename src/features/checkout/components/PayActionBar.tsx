import { Box } from '@chakra-ui/react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_TOAST_PLACEMENT, setToastPlacement } from '../../../components/toast/toastPlacement';

/** Chakra's `lg`: from this width on, the button leaves the bar for the summary column. */
const WIDE_SCREEN = '(min-width: 64rem)';

function onWidthChange(listener: () => void) {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
const isWideScreen = () => window.matchMedia(WIDE_SCREEN).matches;

/** The bar's height and a margin: what the page keeps clear above it (6rem, Chakra's `24`). */
const PAY_BAR_ROOM = '6rem';

/**
 * The page around the pay button: the toasts go where it is not (at the top over the bottom bar, at
 * the bottom right beside the wide screen's column), and on phones and tablets a field reached with
 * Tab is scrolled clear of the bar rather than under it (the page's scroll padding).
 */
export function usePageClearOfPayButton() {
  const wide = useSyncExternalStore(onWidthChange, isWideScreen, () => false);
  useEffect(() => {
    setToastPlacement(wide ? 'bottom-end' : 'top-end');
    const page = document.documentElement.style;
    page.scrollPaddingBottom = wide ? '' : PAY_BAR_ROOM;
    return () => {
      setToastPlacement(DEFAULT_TOAST_PLACEMENT);
      page.scrollPaddingBottom = '';
    };
  }, [wide]);
}

/** Room the form leaves at its end on phones and tablets, so the bar never hides its last lines. */
export const PAY_BAR_CLEARANCE = { lgDown: { pb: '24' } } as const;

/**
 * Where the pay button sits. On phones and tablets, a bar fixed to the bottom of the screen: in reach
 * whatever the scroll, and clear of the toasts (at the top there). On wide screens, in the sticky
 * column under the order summary (the toasts go to the bottom right there).
 */
export function PayActionBar({ children }: { children: ReactNode }) {
  return (
    <Box
      css={{
        lgDown: {
          position: 'fixed',
          insetX: '0',
          bottom: '0',
          zIndex: 'sticky',
          bg: 'white',
          borderTopWidth: '1px',
          boxShadow: '0 -4px 16px rgba(15, 23, 42, 0.08)',
          p: '3',
          // The phone's home indicator (iOS) sits below the button, not on it.
          pb: 'calc(12px + env(safe-area-inset-bottom))',
        },
      }}
    >
      <Box maxW="lg" mx="auto">
        {children}
      </Box>
    </Box>
  );
}
