import type { ReactNode } from 'react';

/**
 * Content that stays in light mode whatever the portal's colour mode (the public checkout opened from
 * the staff app): Chakra gives a `.chakra-theme.light` element the light values again.
 */
export function LightModeOnly({ children }: { children: ReactNode }) {
  return <div className="chakra-theme light">{children}</div>;
}
