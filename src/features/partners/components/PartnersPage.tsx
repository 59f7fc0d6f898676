import { UnderConstruction } from '../../../components/UnderConstruction';

export default function PartnersPage() {
  return <UnderConstruction title="Lista de Parceiros" />;
}
