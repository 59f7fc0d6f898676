import { CellBadge } from '../../../components/list/cells';
import { appointmentStatusColor, appointmentStatusLabel } from '../../../domain/care';

/** The agenda list's status badge: UNFINISHED yellow, FINISHED green, every other status red (spec). */
export function AppointmentStatusBadge({ status }: { status: string }) {
  return <CellBadge palette={appointmentStatusColor(status)}>{appointmentStatusLabel(status)}</CellBadge>;
}
