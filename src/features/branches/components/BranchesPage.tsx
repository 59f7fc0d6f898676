import { UnderConstruction } from '../../../components/UnderConstruction';

export default function BranchesPage() {
  return <UnderConstruction title="Lista de Filiais" />;
}
