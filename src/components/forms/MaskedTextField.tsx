import { Box, Input } from '@chakra-ui/react';
import { useField } from 'formik';
import { Suspense, lazy, useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FieldFrame } from './FieldFrame';
import { limitUnmasked, type MaskName } from './masks/maskNames';
import type { TextFieldProps } from './TextField';

// Maskito and the masks' tables (credit-card-type) come in a chunk of their own, asked for when a masked
// field is first focused: not part of a page's first load (the keys typed before it arrives are kept).
const MaskBinding = lazy(() => import(/* webpackChunkName: "masks" */ './masks/MaskBinding'));

export interface MaskedTextFieldProps extends Omit<TextFieldProps, 'onInput'> {
  /** The mask (Maskito): the value stored is the masked text, e.g. '123.456.789-09'. */
  mask: MaskName;
  /**
   * Shown at the end of the input, e.g. the card's brand. Pass null while there is nothing to show:
   * the input then sits in its box from the start and is not remounted (losing the focus) when it comes.
   */
  endElement?: ReactNode;
}

/** A labelled formik input with a mask (CPF, CNPJ, phone, CEP, card...) that keeps the caret and takes pasted formatted values. */
export function MaskedTextField({ name, label, required, helperText, mask, endElement, ...inputProps }: MaskedTextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [focused, setFocused] = useState(false);
  // A ref for the input handler (Maskito's first formatting may come before a re-render), state for the markup.
  const bound = useRef(false);
  const [maskReady, setMaskReady] = useState(false);
  const onBound = useCallback((value: boolean) => {
    bound.current = value;
    setMaskReady(value);
  }, []);
  // The native input event, as Maskito advises for controlled inputs: by then it has set the masked value.
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    void helpers.setValue(bound.current ? value : limitUnmasked(mask, value));
  };
  const control = (
    <Input
      {...inputProps}
      ref={setInput}
      name={name}
      value={field.value ?? ''}
      onInput={onInput}
      onFocus={(event) => {
        setFocused(true);
        inputProps.onFocus?.(event);
      }}
      onBlur={field.onBlur}
      data-mask-ready={maskReady}
      pe={endElement === undefined ? undefined : '24'}
    />
  );
  return (
    <FieldFrame label={label} required={required} helperText={helperText} error={meta.touched ? meta.error : undefined}>
      {endElement === undefined ? (
        control
      ) : (
        <Box position="relative" width="full">
          {control}
          <Box position="absolute" insetEnd="3" top="50%" transform="translateY(-50%)" pointerEvents="none" display="flex">
            {endElement}
          </Box>
        </Box>
      )}
      {input && focused && (
        <Suspense fallback={null}>
          <MaskBinding input={input} mask={mask} onBound={onBound} />
        </Suspense>
      )}
    </FieldFrame>
  );
}
