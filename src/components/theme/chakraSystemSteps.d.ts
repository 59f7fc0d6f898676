/**
 * Chakra's styled-system/system module as patches/@chakra-ui+react+3.37.0.patch leaves it (webpack's alias
 * and jest's moduleNameMapper point 'chakra-styled-system' into Chakra's dist): createSystem in steps.
 */
declare module 'chakra-styled-system/system' {
  import type { SystemConfig, SystemContext } from '@chakra-ui/react';

  /** createSystem, pausing (a bare `yield`) after merging the configs, the token dictionary and the utilities. */
  export function createSystemSteps(...configs: SystemConfig[]): Generator<void, SystemContext, void>;
}
