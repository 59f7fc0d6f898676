import { DetailList, DetailsDialog } from '../../../components/dialogs/DetailsDialog';
import { StatusLabel } from '../../../components/StatusBadge';
import { CHANNEL_LABELS as LABELS, RESELLER_TEXTS, statusLabel, type Reseller } from '../../../domain/channels';
import { formatCpf } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';

/** 'Detalhes do Revendedor': as the branch's details, plus CPF, role (cargo) and PIX. */
export function ResellerDetailsDialog({ reseller, onClose }: { reseller: Reseller | undefined; onClose: () => void }) {
  return (
    <DetailsDialog open={Boolean(reseller)} title={RESELLER_TEXTS.detailsTitle} onClose={onClose}>
      {reseller && (
        <DetailList
          items={[
            { label: LABELS.nome, value: reseller.nome, wide: true },
            { label: LABELS.cpf, value: formatCpf(reseller.cpf) },
            { label: LABELS.cargo, value: reseller.cargo },
            { label: LABELS.email, value: reseller.email },
            { label: LABELS.pix, value: reseller.pix },
            { label: LABELS.parceiro, value: reseller.parceiro_nome },
            { label: LABELS.filial, value: reseller.filial_titulo },
            { label: LABELS.status, value: <StatusLabel label={statusLabel(reseller.ativo)} color={reseller.ativo ? 'green' : 'red'} /> },
            { label: LABELS.dataRegistro, value: formatDate(reseller.data_registro) },
          ]}
        />
      )}
    </DetailsDialog>
  );
}
