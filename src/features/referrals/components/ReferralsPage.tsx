import { UnderConstruction } from '../../../components/UnderConstruction';

export default function ReferralsPage() {
  return <UnderConstruction title="Lista de Encaminhamentos" />;
}
