import { Switch } from '@chakra-ui/react';
import { useField } from 'formik';

/** A formik boolean as a labelled switch (e.g. the edit forms' 'Ativo'). */
export function SwitchField({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <Switch.Root colorPalette="teal" checked={field.value} onCheckedChange={(event) => void helpers.setValue(Boolean(event.checked))}>
      <Switch.HiddenInput name={name} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
