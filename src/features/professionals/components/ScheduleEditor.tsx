import { Button, Field, Fieldset, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { PROFESSIONAL_LABELS as LABELS, WEEKDAYS } from '../../../domain/care';
import type { ProfessionalFormValues } from './professionalForm';

/**
 * The weekly schedule: one row per interval (weekday, start, end); slots are cut from these. Rows
 * keep their own React key, and a removal takes the row's errors along (FieldArray), so an error
 * never moves onto the row below.
 */
export function ScheduleEditor() {
  const { values, errors, touched, setFieldValue } = useFormikContext<ProfessionalFormValues>();
  const rows = values.agenda;
  const [rowKeys, setRowKeys] = useState(() => rows.map((_, index) => index));
  const [nextKey, setNextKey] = useState(rows.length);
  const listError = typeof errors.agenda === 'string' && touched.agenda ? errors.agenda : undefined;
  const change = (index: number, key: 'diaSemana' | 'inicio' | 'fim', value: string) => void setFieldValue(`agenda.${index}.${key}`, value);

  return (
    <Fieldset.Root invalid={Boolean(listError)}>
      <Fieldset.Legend fontWeight="medium">
        {LABELS.horarios_atendimento}{' '}
        <Text as="span" color="fg.error">
          *
        </Text>
      </Fieldset.Legend>
      <FieldArray name="agenda">
        {(rowHelpers) => (
          <>
            <Stack gap="2" mt="2">
              {rows.map((row, index) => {
                const rowErrors = (getIn(errors, `agenda.${index}`) ?? {}) as Partial<Record<'diaSemana' | 'inicio' | 'fim', string>>;
                const shown = getIn(touched, `agenda.${index}`) || touched.agenda ? rowErrors : {};
                const number = index + 1;
                return (
                  <Stack key={rowKeys[index] ?? `extra-${index}`} gap="1">
                    <HStack gap="2" align="flex-end" wrap={{ base: 'wrap', md: 'nowrap' }}>
                      <Field.Root invalid={Boolean(shown.diaSemana)} flex="2" minW="36">
                        <Field.Label fontSize="sm">Dia da semana {number}</Field.Label>
                        <NativeSelect.Root size="sm">
                          <NativeSelect.Field value={row.diaSemana} onChange={(event) => change(index, 'diaSemana', event.target.value)}>
                            {WEEKDAYS.map((day, value) => (
                              <option key={day} value={String(value)}>
                                {day}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Field.Root>
                      <Field.Root invalid={Boolean(shown.inicio)} flex="1" minW="28">
                        <Field.Label fontSize="sm">Início {number}</Field.Label>
                        <Input size="sm" type="time" value={row.inicio} onChange={(event) => change(index, 'inicio', event.target.value)} />
                      </Field.Root>
                      <Field.Root invalid={Boolean(shown.fim)} flex="1" minW="28">
                        <Field.Label fontSize="sm">Fim {number}</Field.Label>
                        <Input size="sm" type="time" value={row.fim} onChange={(event) => change(index, 'fim', event.target.value)} />
                      </Field.Root>
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Remover horário ${number}`}
                        disabled={rows.length === 1}
                        onClick={() => {
                          rowHelpers.remove(index);
                          setRowKeys((keys) => keys.filter((_, position) => position !== index));
                        }}
                      >
                        <LuTrash2 />
                      </IconButton>
                    </HStack>
                    {Object.values(shown)
                      .filter(Boolean)
                      .map((message) => (
                        <Text key={message} fontSize="sm" color="fg.error">
                          {message}
                        </Text>
                      ))}
                  </Stack>
                );
              })}
            </Stack>
            <Button
              size="sm"
              variant="outline"
              alignSelf="flex-start"
              mt="2"
              onClick={() => {
                rowHelpers.push({ diaSemana: rows.at(-1)?.diaSemana ?? '1', inicio: '08:00', fim: '12:00' });
                setRowKeys((keys) => [...keys, nextKey]);
                setNextKey(nextKey + 1);
              }}
            >
              <LuPlus aria-hidden /> Adicionar horário
            </Button>
          </>
        )}
      </FieldArray>
      {listError && <Fieldset.ErrorText>{listError}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
