import { CellBadge } from '../../../components/list/cells';
import { referralStatusColor, referralStatusLabel } from '../../../domain/care';

/** The referrals list's status badge: Pendente yellow, Agendada blue, Realizada green, Não Realizada red (spec section 4). */
export function ReferralStatusBadge({ status }: { status: string }) {
  return <CellBadge palette={referralStatusColor(status)}>{referralStatusLabel(status)}</CellBadge>;
}
