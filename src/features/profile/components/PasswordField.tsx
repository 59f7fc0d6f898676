import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useField } from 'formik';
import { useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { PROFILE_TEXTS } from '../../../domain/settings';

interface PasswordFieldProps {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  helperText?: string;
}

/** A labelled formik password input with a show/hide button; its error shows under it. */
export function PasswordField({ name, label, autoComplete, helperText }: PasswordFieldProps) {
  const [field, meta] = useField<string>(name);
  const [visible, setVisible] = useState(false);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid} required>
      {/* The required mark is drawn by CSS so the label's text (and the field's name) is the label alone. */}
      <Field.Label _after={{ content: '"*"', color: 'fg.error', marginStart: '1' }}>{label}</Field.Label>
      <InputGroup
        endElement={
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={visible ? PROFILE_TEXTS.hidePassword : PROFILE_TEXTS.showPassword}
            aria-pressed={visible}
            onClick={() => setVisible((current) => !current)}
          >
            {visible ? <LuEyeOff /> : <LuEye />}
          </IconButton>
        }
      >
        <Input {...field} type={visible ? 'text' : 'password'} autoComplete={autoComplete} />
      </InputGroup>
      {helperText && !invalid && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
