import {
  exportPartnersCsv,
  partnersApi,
  useDeletePartnerMutation,
  useGetPartnersQuery,
  useUpdatePartnerMutation,
} from '../../../api/partnersApi';
import { ChannelListPage } from '../../../components/channels/ChannelListPage';
import { type Column } from '../../../components/list/DataTable';
import { useListParams } from '../../../components/list/useListParams';
import { CHANNEL_LABELS as LABELS, PARTNER_FILTERS, PARTNER_TEXTS, type PartnerView } from '../../../domain/channels';
import { formatCnpj } from '../../../domain/documents';
import { DEFAULT_LIST_ORDERS } from '../../../domain/listPages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { partnerDialogClosed, partnerDialogOpened, partnersListRemembered } from '../partnersSlice';
import { selectPartnersListQuery, selectPartnerDialog, selectSelectedPartnerId } from '../selectors';
import { PartnerDetailsDialog } from './PartnerDetailsDialog';
import { PartnerFormDialog } from './PartnerFormDialog';
import { PartnerLogo } from './PartnerLogo';

const columns: Column<PartnerView>[] = [
  { key: 'logo', header: 'Logo', width: '16', render: (partner) => <PartnerLogo partner={partner} /> },
  { key: 'nome', header: LABELS.nome, sortable: true, render: (partner) => partner.nome },
  { key: 'cnpj', header: LABELS.cnpj, sortable: true, render: (partner) => formatCnpj(partner.cnpj) },
  { key: 'email', header: LABELS.email, sortable: true, render: (partner) => partner.email },
];

/** 'Lista de Parceiros' (administrators only): filters, the paged table and its dialogs. */
export default function PartnersPage() {
  const dispatch = useAppDispatch();
  const rememberedQuery = useAppSelector(selectPartnersListQuery);
  const list = useListParams(
    PARTNER_FILTERS,
    partnersApi.usePrefetch('getPartners'),
    {
      remembered: rememberedQuery,
      remember: (query) => dispatch(partnersListRemembered(query)),
    },
    DEFAULT_LIST_ORDERS.partners,
  );
  const query = useGetPartnersQuery(list.apiArgs);
  const [updatePartner] = useUpdatePartnerMutation();
  const [deletePartner, { isLoading: deleting }] = useDeletePartnerMutation();
  const dialog = useAppSelector(selectPartnerDialog);
  const selectedId = useAppSelector(selectSelectedPartnerId);

  return (
    <ChannelListPage
      texts={PARTNER_TEXTS}
      filterNames={PARTNER_FILTERS}
      list={list}
      query={query}
      columns={columns}
      nameOf={(partner) => partner.nome}
      dialog={dialog}
      selectedId={selectedId}
      onOpen={(kind, id) => dispatch(partnerDialogOpened({ dialog: kind, id }))}
      onClose={() => dispatch(partnerDialogClosed())}
      saveStatus={(partner, ativo) => updatePartner({ id: partner.id, body: { ...partner, ativo } }).unwrap()}
      deleteRecord={(partner) => deletePartner(partner.id).unwrap()}
      deleting={deleting}
      exportCsv={(args, filename) => dispatch(exportPartnersCsv(args, filename))}
      renderForm={(partner, onClose) => <PartnerFormDialog partner={partner} onClose={onClose} />}
      renderDetails={(partner, onClose) => <PartnerDetailsDialog partner={partner} onClose={onClose} />}
    />
  );
}
