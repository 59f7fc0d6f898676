import { chakra, Fieldset, SimpleGrid, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { PROFESSIONAL_LABELS as LABELS, SPECIALTY_NAMES } from '../../../domain/care';
import type { ProfessionalFormValues } from './professionalForm';

/** The professional's specialties: any of the 17, at least one (native checkboxes: labelled and checkable by any tool). */
export function SpecialtyChoices() {
  const { values, errors, touched, setFieldValue } = useFormikContext<ProfessionalFormValues>();
  const error = touched.especialidades && typeof errors.especialidades === 'string' ? errors.especialidades : undefined;
  const toggle = (name: string, checked: boolean) => {
    const chosen = new Set(values.especialidades);
    if (checked) chosen.add(name);
    else chosen.delete(name);
    // Kept in the spec's order.
    void setFieldValue(
      'especialidades',
      SPECIALTY_NAMES.filter((specialty) => chosen.has(specialty)),
    );
  };
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="medium">
        {LABELS.especialidades}{' '}
        <Text as="span" color="fg.error">
          *
        </Text>
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gapX="4" gapY="2" mt="2">
        {SPECIALTY_NAMES.map((name) => (
          <chakra.label key={name} display="inline-flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
            <chakra.input
              type="checkbox"
              name="especialidades"
              value={name}
              checked={values.especialidades.includes(name)}
              boxSize="4"
              css={{ accentColor: 'var(--chakra-colors-teal-600)' }}
              onChange={(event) => toggle(name, event.target.checked)}
            />
            {name}
          </chakra.label>
        ))}
      </SimpleGrid>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
