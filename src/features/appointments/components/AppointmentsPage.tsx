import { UnderConstruction } from '../../../components/UnderConstruction';

export default function AppointmentsPage() {
  return <UnderConstruction title="Agenda de Consultas" />;
}
