import type { SystemContext } from '@chakra-ui/react';

/**
 * The system for a page whose HTML already carries Chakra's reset, global and token CSS (/login and
 * /checkout are prerendered with it in <head>, where emotion leaves it): ChakraProvider renders
 * `system._global`, which webpack's build computes only when read (scripts/chakra/systemLoader.ts),
 * so an empty list here saves building that CSS again at start-up. Everything else is the system's own.
 */
export const withoutGlobalCss = (system: SystemContext): SystemContext =>
  Object.create(system, { _global: { value: [] } }) as SystemContext;
