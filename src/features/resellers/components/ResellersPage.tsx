import { UnderConstruction } from '../../../components/UnderConstruction';

export default function ResellersPage() {
  return <UnderConstruction title="Lista de Revendedores" />;
}
