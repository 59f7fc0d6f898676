import { StatusLabel } from '../../../components/StatusBadge';
import { referralStatusColor, referralStatusLabel } from '../../../domain/care';

/** Pendente yellow, Agendada blue, Realizada green, Não Realizada red (spec section 4). */
export function ReferralStatusBadge({ status }: { status: string }) {
  return <StatusLabel label={referralStatusLabel(status)} color={referralStatusColor(status)} />;
}
