import { Skeleton, Stack } from '@chakra-ui/react';
import { DetailList, DetailsDialog } from '../../../components/dialogs/DetailsDialog';
import {
  BENEFICIARY_FIELD_LABELS as L,
  BENEFICIARY_TEXTS as T,
  paymentTypeLabel,
  serviceTypeLabel,
  type Beneficiary,
} from '../../../domain/beneficiaries';
import { formatCep, formatCpf, formatPhone } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import type { SelectedBeneficiary } from '../beneficiariesSlice';
import { BeneficiaryAuditTrail } from './BeneficiaryAuditTrail';
import { useBeneficiaryRecord } from './useBeneficiaryRecord';

function detailItems(record: Beneficiary) {
  return [
    { label: 'Nome', value: record.name, wide: true },
    { label: L.cpf, value: formatCpf(record.cpf) },
    { label: L.birthday, value: formatDate(record.birthday) },
    { label: L.beneficiaryType, value: record.holder ? T.dependentLabel : T.holderLabel },
    ...(record.holder ? [{ label: L.holder, value: formatCpf(record.holder) }] : []),
    { label: L.phone, value: formatPhone(record.phone) },
    { label: L.email, value: record.email },
    { label: L.city, value: record.city },
    { label: L.state, value: record.state },
    { label: L.zipCode, value: formatCep(record.zipCode) },
    { label: L.address, value: record.address, wide: true },
    { label: L.paymentType, value: paymentTypeLabel(record.paymentType) },
    { label: L.serviceType, value: serviceTypeLabel(record.serviceType) },
    { label: L.reseller, value: record.nome_revendedor },
    { label: L.branch, value: record.nome_filial },
    { label: L.partner, value: record.nome_parceiro },
    { label: L.status, value: record.isActive ? 'Ativo' : 'Inativo' },
  ];
}

/** 'Detalhes do Beneficiário', read fresh from the server, with the code labels of section 4. */
export function BeneficiaryDetailsDialog({
  open,
  beneficiary,
  onClose,
}: {
  open: boolean;
  beneficiary: SelectedBeneficiary | null;
  onClose: () => void;
}) {
  const { currentData: record } = useBeneficiaryRecord(open ? beneficiary : undefined, onClose);
  return (
    <DetailsDialog open={open} title={T.detailsTitle} onClose={onClose}>
      {record ? (
        <>
          <DetailList items={detailItems(record)} />
          <BeneficiaryAuditTrail uuid={record.uuid} />
        </>
      ) : (
        <Stack gap="3" aria-busy="true" aria-label="Carregando beneficiário">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="8" />
          ))}
        </Stack>
      )}
    </DetailsDialog>
  );
}
