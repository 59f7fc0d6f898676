import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { KeyboardEvent } from 'react';
import { LuHistory, LuSave } from 'react-icons/lu';
import type { Parameter } from '../../../api/parametersApi';
import { formatDateTime } from '../../../domain/format';
import { PARAMETER_KIND_LABELS, parameterKindOf, SETTINGS_TEXTS, type ParameterKind } from '../../../domain/settings';

/** The name, kind and description of a parameter. */
export function ParameterName({ parameter }: { parameter: Parameter }) {
  return (
    <Stack gap="1" maxW="xs" whiteSpace="normal">
      <HStack gap="2" wrap="wrap">
        <Text as="span" fontFamily="mono" fontWeight="semibold" fontSize="sm">
          {parameter.parametro}
        </Text>
        <Badge size="sm" variant="subtle" colorPalette="gray">
          {PARAMETER_KIND_LABELS[parameterKindOf(parameter.tipo)]}
        </Badge>
      </HStack>
      {parameter.descricao && (
        <Text fontSize="xs" color="fg.muted">
          {parameter.descricao}
        </Text>
      )}
    </Stack>
  );
}

/** The keyboard a phone should offer for each kind. */
const INPUT_MODES: Record<ParameterKind, 'url' | 'email' | 'decimal' | 'text'> = {
  url: 'url',
  email: 'email',
  number: 'decimal',
  text: 'text',
};

interface ValueFieldProps {
  parameter: Parameter;
  value: string;
  error?: string;
  saving: boolean;
  onChange: (value: string) => void;
  onSave: () => void;
  onRevert: () => void;
}

/** The editable value: Enter saves the row, Esc undoes the edit; its error or last update shows beneath. */
export function ParameterValueField({ parameter, value, error, saving, onChange, onSave, onRevert }: ValueFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape') {
      onRevert();
    }
  };
  return (
    <Field.Root invalid={Boolean(error)} minW="0" w="full">
      <Input
        size="sm"
        bg="bg.panel"
        aria-label={`Valor de ${parameter.parametro}`}
        value={value}
        readOnly={saving}
        inputMode={INPUT_MODES[parameterKindOf(parameter.tipo)]}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        parameter.atualizado_em && (
          <Field.HelperText fontSize="xs">
            {SETTINGS_TEXTS.updatedAt} {formatDateTime(parameter.atualizado_em)}
          </Field.HelperText>
        )
      )}
    </Field.Root>
  );
}

interface ActionsProps {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onHistory: () => void;
}

/** 'Salvar' (enabled only when the value changed, with progress while saving) and 'Histórico'. */
export function ParameterActions({ dirty, saving, onSave, onHistory }: ActionsProps) {
  return (
    <HStack gap="2" justify="flex-end">
      <Button size="sm" colorPalette="teal" disabled={!dirty} loading={saving} loadingText={SETTINGS_TEXTS.saving} onClick={onSave}>
        <LuSave aria-hidden />
        {SETTINGS_TEXTS.save}
      </Button>
      <Button size="sm" variant="outline" onClick={onHistory}>
        <LuHistory aria-hidden />
        {SETTINGS_TEXTS.history}
      </Button>
    </HStack>
  );
}
