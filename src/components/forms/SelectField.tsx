import { Field, NativeSelect } from '@chakra-ui/react';
import { useField } from 'formik';
import { REQUIRED_MARK } from './requiredMark';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  onValueChange?: (value: string) => void;
}

/** A labelled formik native select, error under it like TextField. */
export function SelectField({ name, label, options, required, disabled, placeholder, onValueChange }: SelectFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid} required={required} disabled={disabled}>
      {/* The required mark is drawn by CSS so the label's text stays exactly the label (getByLabel, screen readers). */}
      <Field.Label _after={required ? REQUIRED_MARK : undefined}>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={name}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(event) => {
            void helpers.setValue(event.target.value);
            onValueChange?.(event.target.value);
          }}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
