import { Stack, Switch, Text } from '@chakra-ui/react';
import { useField } from 'formik';

/** A formik boolean as a labelled switch (e.g. the edit forms' 'Ativo'), with what turning it off does. */
export function SwitchField({ name, label, offHint }: { name: string; label: string; offHint?: string }) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <Stack gap="1">
      <Switch.Root colorPalette="teal" checked={field.value} onCheckedChange={(event) => void helpers.setValue(Boolean(event.checked))}>
        <Switch.HiddenInput name={name} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      {offHint && (
        <Text fontSize="sm" color="fg.muted">
          {offHint}
        </Text>
      )}
    </Stack>
  );
}
