import { maskitoTransform, maskitoUpdateElement, type MaskitoOptions, type MaskitoPlugin } from '@maskito/core';
import { useMaskito } from '@maskito/react';
import { useLayoutEffect, useMemo } from 'react';
import { MASKITO_OPTIONS } from './maskitoOptions';
import type { MaskName } from './maskNames';

export interface MaskBindingProps {
  input: HTMLInputElement;
  mask: MaskName;
  /** Told true once Maskito handles the field's input, false when it lets go. */
  onBound: (bound: boolean) => void;
}

/**
 * Puts a Maskito mask on an input that is already on the page (the field works unmasked until this
 * chunk arrives, so the input must not be remounted: the user may be typing in it). Renders nothing.
 */
export default function MaskBinding({ input, mask, onBound }: MaskBindingProps) {
  const options = useMemo<MaskitoOptions>(() => {
    const base = MASKITO_OPTIONS[mask];
    const tellBound: MaskitoPlugin = () => {
      onBound(true);
      // What was typed before the mask arrived gets its punctuation, once React's commit is over. Set
      // on the input itself (not Maskito's React adapter): a plain programmatic change, as the form's
      // own, whose input event reaches the field's onInput like any edit.
      queueMicrotask(() => maskitoUpdateElement(input, maskitoTransform(input.value, base)));
      return () => onBound(false);
    };
    return { ...base, plugins: [tellBound] };
  }, [mask, onBound, input]);
  const attach = useMaskito({ options });
  useLayoutEffect(() => {
    attach(input);
    return () => {
      attach(null);
    };
  }, [attach, input]);
  return null;
}
