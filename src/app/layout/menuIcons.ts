import type { IconType } from 'react-icons';
import {
  LuBuilding2,
  LuCalendarDays,
  LuChartColumn,
  LuFileText,
  LuGlobe,
  LuHandshake,
  LuSettings,
  LuStethoscope,
  LuStore,
  LuUsers,
} from 'react-icons/lu';

/** One icon per sidebar entry, by route. */
export const MENU_ICONS: Record<string, IconType> = {
  '/profissionais': LuStethoscope,
  '/beneficiarios': LuUsers,
  '/parceiros': LuHandshake,
  '/filiais': LuBuilding2,
  '/revendedores': LuStore,
  '/agendamentos': LuCalendarDays,
  '/encaminhamentos': LuFileText,
  '/relatorio-vendas': LuChartColumn,
  '/site': LuGlobe,
  '/configuracoes': LuSettings,
};
