/** The pagination's texts (every list's footer). */
export const PAGINATION_TEXTS = {
  navigation: 'Paginação',
  first: 'Primeira página',
  previous: 'Página anterior',
  next: 'Próxima página',
  last: 'Última página',
  jumpForm: 'Ir para uma página',
  jumpLabel: 'Ir para a página',
  jumpPlaceholder: 'Nº',
  jump: 'Ir',
  outOfRange: (pageCount: number) => `Página: informe um número de 1 a ${new Intl.NumberFormat('pt-BR').format(pageCount)}`,
} as const;
