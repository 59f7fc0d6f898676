import { DetailList, DetailsDialog } from '../../../components/dialogs/DetailsDialog';
import { StatusLabel } from '../../../components/StatusBadge';
import { BRANCH_TEXTS, CHANNEL_LABELS as LABELS, statusLabel, type Branch } from '../../../domain/channels';
import { formatDate } from '../../../domain/format';

/** 'Detalhes da Filial': title, partner, nickname, e-mail, address, status and registration date. */
export function BranchDetailsDialog({ branch, onClose }: { branch: Branch | undefined; onClose: () => void }) {
  return (
    <DetailsDialog open={Boolean(branch)} title={BRANCH_TEXTS.detailsTitle} onClose={onClose}>
      {branch && (
        <DetailList
          items={[
            { label: LABELS.titulo, value: branch.titulo },
            { label: LABELS.parceiro, value: branch.parceiro.nome },
            { label: LABELS.apelido, value: branch.apelido },
            { label: LABELS.email, value: branch.email },
            { label: LABELS.endereco, value: branch.endereco, wide: true },
            { label: LABELS.status, value: <StatusLabel label={statusLabel(branch.ativo)} color={branch.ativo ? 'green' : 'red'} /> },
            { label: LABELS.dataRegistro, value: formatDate(branch.data_registro) },
          ]}
        />
      )}
    </DetailsDialog>
  );
}
