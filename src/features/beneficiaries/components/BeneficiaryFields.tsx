import { GridItem, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SelectField } from '../../../components/forms/SelectField';
import { TextField } from '../../../components/forms/TextField';
import { BENEFICIARY_FIELD_LABELS as L, PAYMENT_TYPES, SERVICE_TYPES } from '../../../domain/beneficiaries';
import { formatCep, formatPhone } from '../../../domain/documents';
import { UFS } from '../../../domain/ufs';

const UF_OPTIONS = UFS.map((uf) => ({ value: uf.code, label: `${uf.code} - ${uf.name}` }));
const today = () => new Date().toLocaleDateString('en-CA');

/**
 * The fields the create and edit dialogs share, in the spec's order, two per row on wide screens.
 * `afterName` slots the create dialog's CPF right after the name.
 */
export function BeneficiaryFields({ afterName }: { afterName?: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <GridItem colSpan={{ md: 2 }}>
        <TextField name="name" label={L.name} required autoComplete="off" />
      </GridItem>
      {afterName}
      <TextField name="birthday" label={L.birthday} type="date" required max={today()} />
      <TextField name="phone" label={L.phone} format={formatPhone} inputMode="tel" placeholder="(00) 00000-0000" />
      <TextField name="email" label={L.email} type="email" inputMode="email" />
      <TextField name="zipCode" label={L.zipCode} format={formatCep} inputMode="numeric" placeholder="00000-000" />
      <TextField name="city" label={L.city} />
      <SelectField name="state" label={L.state} options={UF_OPTIONS} placeholder="Selecione" />
      <GridItem colSpan={{ md: 2 }}>
        <TextField name="address" label={L.address} />
      </GridItem>
      <SelectField name="paymentType" label={L.paymentType} options={PAYMENT_TYPES} />
      <SelectField name="serviceType" label={L.serviceType} options={SERVICE_TYPES} />
    </SimpleGrid>
  );
}
