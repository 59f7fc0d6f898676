import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useField } from 'formik';
import { REQUIRED_MARK } from './requiredMark';
import type { ChangeEvent } from 'react';

export interface TextFieldProps extends Omit<InputProps, 'name' | 'value' | 'onChange'> {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
  /** Rewrites what is typed before it is stored (masks, digit stripping). */
  format?: (value: string) => string;
}

/** A labelled formik input; its error shows under it once the field was touched or submitted. */
export function TextField({ name, label, required, helperText, format, ...inputProps }: TextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = format ? format(event.target.value) : event.target.value;
    void helpers.setValue(value);
  };
  return (
    <Field.Root invalid={invalid} required={required}>
      {/* The required mark is drawn by CSS so the label's text stays exactly the label (getByLabel, screen readers). */}
      <Field.Label _after={required ? REQUIRED_MARK : undefined}>{label}</Field.Label>
      <Input {...inputProps} name={name} value={field.value ?? ''} onChange={onChange} onBlur={field.onBlur} />
      {helperText && !invalid && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
