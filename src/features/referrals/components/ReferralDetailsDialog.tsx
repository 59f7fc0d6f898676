import { Button, Link } from '@chakra-ui/react';
import { LuCalendarPlus, LuExternalLink } from 'react-icons/lu';
import type { Referral } from '../../../api/referralsApi';
import { DetailList, DetailsDialog } from '../../../components/dialogs/DetailsDialog';
import { CARE_ACTIONS, REFERRAL_MESSAGES as MESSAGES } from '../../../domain/care';
import { formatCpf } from '../../../domain/documents';
import { formatDate } from '../../../domain/format';
import { isSchedulableReferral } from '../../../domain/referralScheduling';
import { ReferralStatusBadge } from './ReferralStatusBadge';

interface ReferralDetailsDialogProps {
  /** The referral looked at; closed without one. */
  referral: Referral | undefined;
  onSchedule: (referral: Referral) => void;
  onClose: () => void;
}

/** 'Detalhes do Encaminhamento': who, what for, by whom, and for a pending one, 'Agendar consulta'. */
export function ReferralDetailsDialog({ referral, onSchedule, onClose }: ReferralDetailsDialogProps) {
  return (
    <DetailsDialog
      open={Boolean(referral)}
      title={MESSAGES.detailsTitle}
      onClose={onClose}
      footer={
        referral &&
        isSchedulableReferral(referral) && (
          <Button colorPalette="teal" onClick={() => onSchedule(referral)}>
            <LuCalendarPlus aria-hidden /> {CARE_ACTIONS.scheduleReferral}
          </Button>
        )
      }
    >
      {referral && (
        <DetailList
          items={[
            { label: 'Beneficiário', value: referral.beneficiary.name },
            { label: 'CPF', value: formatCpf(referral.beneficiary.cpf) },
            { label: 'Data de Criação', value: formatDate(referral.createdAt) },
            { label: 'Status', value: <ReferralStatusBadge status={referral.status} /> },
            { label: 'Especialidade', value: referral.specialty?.name },
            { label: 'Profissional', value: referral.professional?.name },
            { label: 'Parceiro', value: referral.partner?.name },
            {
              label: 'Documento',
              value: referral.urlPath && (
                <Link href={referral.urlPath} target="_blank" rel="noopener noreferrer" color="teal.fg">
                  {CARE_ACTIONS.openReferral} <LuExternalLink aria-hidden />
                </Link>
              ),
            },
          ]}
        />
      )}
    </DetailsDialog>
  );
}
