import { UnderConstruction } from '../../../components/UnderConstruction';

export default function ProfessionalsPage() {
  return <UnderConstruction title="Lista de Profissionais" />;
}
