import { StatusLabel } from '../../../components/StatusBadge';
import { appointmentStatusColor, appointmentStatusLabel } from '../../../domain/care';

/** The spec's badge: UNFINISHED yellow, FINISHED green, every other status red. */
export function AppointmentStatusBadge({ status }: { status: string }) {
  return <StatusLabel label={appointmentStatusLabel(status)} color={appointmentStatusColor(status)} />;
}
