import { Stack } from '@chakra-ui/react';
import { DetailList, DetailsDialog } from '../../../components/dialogs/DetailsDialog';
import { StatusLabel } from '../../../components/StatusBadge';
import { CHANNEL_LABELS as LABELS, PARTNER_TEXTS, statusLabel, type PartnerView } from '../../../domain/channels';
import { formatCnpj } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import { PartnerLogo } from './PartnerLogo';

/** 'Detalhes do Parceiro': everything but the password. */
export function PartnerDetailsDialog({ partner, onClose }: { partner: PartnerView | undefined; onClose: () => void }) {
  return (
    <DetailsDialog open={Boolean(partner)} title={PARTNER_TEXTS.detailsTitle} onClose={onClose}>
      {partner && (
        <Stack gap="5">
          <PartnerLogo partner={partner} size="20" />
          <DetailList
            items={[
              { label: LABELS.nome, value: partner.nome, wide: true },
              { label: LABELS.cnpj, value: formatCnpj(partner.cnpj) },
              { label: LABELS.email, value: partner.email },
              { label: LABELS.agencia, value: partner.agencia },
              { label: LABELS.conta, value: partner.conta && [partner.conta, partner.digito].filter(Boolean).join('-') },
              { label: LABELS.pix, value: partner.pix },
              { label: LABELS.status, value: <StatusLabel label={statusLabel(partner.ativo)} color={partner.ativo ? 'green' : 'red'} /> },
              { label: LABELS.dataRegistro, value: formatDate(partner.data_registro) },
            ]}
          />
        </Stack>
      )}
    </DetailsDialog>
  );
}
