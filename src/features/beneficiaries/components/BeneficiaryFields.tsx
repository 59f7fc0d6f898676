import { GridItem, SimpleGrid, Text } from '@chakra-ui/react';
import { SelectField } from '../../../components/forms/SelectField';
import { MaskedTextField } from '../../../components/forms/MaskedTextField';
import { TextField } from '../../../components/forms/TextField';
import { BENEFICIARY_FIELD_LABELS as L, BENEFICIARY_TEXTS as T, PAYMENT_TYPES, SERVICE_TYPES } from '../../../domain/beneficiaries';
import { saoPauloToday } from '../../../domain/calendar';
import { UFS } from '../../../domain/ufs';

const UF_OPTIONS = UFS.map((uf) => ({ value: uf.code, label: uf.code }));

/**
 * The fields of the create and edit dialogs (a sold beneficiary's plan types read-only to
 * non-administrators: they follow the paid plan), each in its own spec order, two per row on wide
 * screens: creating asks for the CPF after the name and for the address after the state; editing
 * has no CPF and asks for the address before the zip code.
 */
export function BeneficiaryFields({ mode, planTypesReadOnly = false }: { mode: 'create' | 'edit'; planTypesReadOnly?: boolean }) {
  const creating = mode === 'create';
  const address = (
    <GridItem colSpan={{ md: 2 }}>
      <TextField name="address" label={L.address} />
    </GridItem>
  );
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <GridItem colSpan={{ md: 2 }}>
        <TextField name="name" label={L.name} required autoComplete="off" />
      </GridItem>
      {creating && <MaskedTextField name="cpf" label={L.cpf} required mask="cpf" inputMode="numeric" placeholder="000.000.000-00" />}
      <TextField name="birthday" label={L.birthday} type="date" required max={saoPauloToday()} />
      <MaskedTextField name="phone" label={L.phone} mask="phone" inputMode="tel" placeholder="(00) 00000-0000" />
      <TextField name="email" label={L.email} type="email" inputMode="email" />
      {!creating && address}
      <MaskedTextField name="zipCode" label={L.zipCode} mask="cep" inputMode="numeric" placeholder="00000-000" />
      <TextField name="city" label={L.city} />
      <SelectField name="state" label={L.state} options={UF_OPTIONS} placeholder="Selecione" />
      {creating && address}
      <SelectField name="paymentType" label={L.paymentType} options={PAYMENT_TYPES} disabled={planTypesReadOnly} />
      <SelectField name="serviceType" label={L.serviceType} options={SERVICE_TYPES} disabled={planTypesReadOnly} />
      {planTypesReadOnly && (
        <GridItem colSpan={{ md: 2 }}>
          <Text textStyle="sm" color="fg.muted">
            {T.planTypesReadOnly}
          </Text>
        </GridItem>
      )}
    </SimpleGrid>
  );
}
