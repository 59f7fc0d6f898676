import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { REQUIRED_MARK } from './requiredMark';

interface FieldFrameProps {
  label: string;
  required?: boolean;
  helperText?: string;
  /** formik's error, shown once the field was touched or submitted. */
  error?: string;
  children: ReactNode;
}

/** Label, helper text and error around a form control (TextField, MaskedTextField). */
export function FieldFrame({ label, required, helperText, error, children }: FieldFrameProps) {
  const invalid = Boolean(error);
  return (
    <Field.Root invalid={invalid} required={required}>
      {/* The required mark is drawn by CSS so the label's text stays exactly the label (getByLabel, screen readers). */}
      <Field.Label _after={required ? REQUIRED_MARK : undefined}>{label}</Field.Label>
      {children}
      {helperText && !invalid && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
