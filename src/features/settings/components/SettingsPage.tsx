import { UnderConstruction } from '../../../components/UnderConstruction';

export default function SettingsPage() {
  return <UnderConstruction title="Configurações do Sistema" />;
}
