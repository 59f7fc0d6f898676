import { Input, type InputProps } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ChangeEvent } from 'react';
import { FieldFrame } from './FieldFrame';

export interface TextFieldProps extends Omit<InputProps, 'name' | 'value' | 'onChange'> {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
}

/**
 * A labelled formik input; its error shows under it once the field was touched or submitted.
 * CPF, phone, CEP, card and the like: MaskedTextField.
 */
export function TextField({ name, label, required, helperText, ...inputProps }: TextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => void helpers.setValue(event.target.value);
  return (
    <FieldFrame label={label} required={required} helperText={helperText} error={meta.touched ? meta.error : undefined}>
      <Input {...inputProps} name={name} value={field.value ?? ''} onChange={onChange} onBlur={field.onBlur} />
    </FieldFrame>
  );
}
