import { Field, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useField } from 'formik';
import { Suspense, lazy, useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { limitUnmasked, type MaskName } from './masks/maskNames';
import { REQUIRED_MARK } from './requiredMark';

// Maskito and the masks' tables (credit-card-type) come in a chunk of their own, after the first paint.
const MaskBinding = lazy(() => import(/* webpackChunkName: "masks" */ './masks/MaskBinding'));

export interface TextFieldProps extends Omit<InputProps, 'name' | 'value' | 'onChange' | 'onInput'> {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
  /** Formats what is typed (Maskito): the value stored is the masked text, e.g. '123.456.789-09'. */
  mask?: MaskName;
  /**
   * Shown at the end of the input, e.g. the card's brand. Pass null while there is nothing to show:
   * the input then sits in its group from the start and is not remounted (losing the focus) when it comes.
   */
  endElement?: ReactNode;
}

/** A labelled formik input; its error shows under it once the field was touched or submitted. */
export function TextField({ name, label, required, helperText, mask, endElement, ...inputProps }: TextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  const [input, setInput] = useState<HTMLInputElement | null>(null);
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
    void helpers.setValue(mask && !bound.current ? limitUnmasked(mask, value) : value);
  };
  const control = (
    <Input
      {...inputProps}
      ref={mask ? setInput : undefined}
      name={name}
      value={field.value ?? ''}
      onInput={onInput}
      onBlur={field.onBlur}
      data-mask-ready={mask ? maskReady : undefined}
    />
  );
  return (
    <Field.Root invalid={invalid} required={required}>
      {/* The required mark is drawn by CSS so the label's text stays exactly the label (getByLabel, screen readers). */}
      <Field.Label _after={required ? REQUIRED_MARK : undefined}>{label}</Field.Label>
      {endElement === undefined ? control : <InputGroup endElement={endElement}>{control}</InputGroup>}
      {mask && input && (
        <Suspense fallback={null}>
          <MaskBinding input={input} mask={mask} onBound={onBound} />
        </Suspense>
      )}
      {helperText && !invalid && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
