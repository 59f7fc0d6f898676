import {
  exportResellersCsv,
  resellersApi,
  useDeleteResellerMutation,
  useGetResellersQuery,
  useUpdateResellerMutation,
} from '../../../api/resellersApi';
import { ChannelListPage } from '../../../components/channels/ChannelListPage';
import { type Column } from '../../../components/list/DataTable';
import { useListParams } from '../../../components/list/useListParams';
import { CHANNEL_LABELS as LABELS, RESELLER_FILTERS, RESELLER_TEXTS, type Reseller } from '../../../domain/channels';
import { formatCpf } from '../../../domain/documents';
import { DEFAULT_LIST_ORDERS } from '../../../domain/listPages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { resellerDialogClosed, resellerDialogOpened, resellersListRemembered } from '../resellersSlice';
import { selectResellersListQuery, selectResellerDialog, selectSelectedResellerId } from '../selectors';
import { ResellerDetailsDialog } from './ResellerDetailsDialog';
import { ResellerFormDialog } from './ResellerFormDialog';

const columns: Column<Reseller>[] = [
  { key: 'nome', header: LABELS.nome, sortable: true, render: (reseller) => reseller.nome },
  // Wide enough for a CPF on one line beside the Pix key's column.
  { key: 'cpf', header: LABELS.cpf, sortable: true, width: '36', render: (reseller) => formatCpf(reseller.cpf) },
  { key: 'email', header: LABELS.email, sortable: true, render: (reseller) => reseller.email },
  { key: 'pix', header: LABELS.pix, hideBelow: 'xl', render: (reseller) => reseller.pix },
  { key: 'parceiro', header: LABELS.parceiro, sortable: true, render: (reseller) => reseller.parceiro_nome },
  { key: 'filial', header: LABELS.filial, sortable: true, render: (reseller) => reseller.filial_titulo },
];

/** 'Lista de Revendedores': every reseller for administrators, a partner's or a branch's for their users. */
export default function ResellersPage() {
  const dispatch = useAppDispatch();
  const rememberedQuery = useAppSelector(selectResellersListQuery);
  const list = useListParams(
    RESELLER_FILTERS,
    resellersApi.usePrefetch('getResellers'),
    {
      remembered: rememberedQuery,
      remember: (query) => dispatch(resellersListRemembered(query)),
    },
    DEFAULT_LIST_ORDERS.resellers,
  );
  const query = useGetResellersQuery(list.apiArgs);
  const [updateReseller] = useUpdateResellerMutation();
  const [deleteReseller, { isLoading: deleting }] = useDeleteResellerMutation();
  const dialog = useAppSelector(selectResellerDialog);
  const selectedId = useAppSelector(selectSelectedResellerId);

  return (
    <ChannelListPage
      texts={RESELLER_TEXTS}
      filterNames={RESELLER_FILTERS}
      list={list}
      query={query}
      columns={columns}
      nameOf={(reseller) => reseller.nome}
      dialog={dialog}
      selectedId={selectedId}
      onOpen={(kind, id) => dispatch(resellerDialogOpened({ dialog: kind, id }))}
      onClose={() => dispatch(resellerDialogClosed())}
      saveStatus={(reseller, ativo) => updateReseller({ id: reseller.id, body: { ...reseller, ativo } }).unwrap()}
      deleteRecord={(reseller) => deleteReseller(reseller.id).unwrap()}
      deleting={deleting}
      exportCsv={(args, filename) => dispatch(exportResellersCsv(args, filename))}
      renderForm={(reseller, onClose) => <ResellerFormDialog reseller={reseller} onClose={onClose} />}
      renderDetails={(reseller, onClose) => <ResellerDetailsDialog reseller={reseller} onClose={onClose} />}
    />
  );
}
