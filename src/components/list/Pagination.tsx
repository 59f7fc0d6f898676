import { Button, Flex, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { LuChevronFirst, LuChevronLast, LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { PAGE_SIZE } from '../../api/paging';
import { formatInteger } from '../../domain/format';
import { PAGINATION_TEXTS as T } from '../../domain/pagination';

const MAX_BUTTONS = 5;

/** The page numbers to show: at most five around the current page, with ellipses beyond. */
export function pageWindow(page: number, pageCount: number): Array<number | 'ellipsis-start' | 'ellipsis-end'> {
  if (pageCount <= MAX_BUTTONS) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const start = Math.min(Math.max(1, page - 2), pageCount - MAX_BUTTONS + 1);
  const pages: Array<number | 'ellipsis-start' | 'ellipsis-end'> = Array.from({ length: MAX_BUTTONS }, (_, index) => start + index);
  if (start > 1) pages.unshift('ellipsis-start');
  if (start + MAX_BUTTONS - 1 < pageCount) pages.push('ellipsis-end');
  return pages;
}

interface PaginationProps {
  page: number;
  total: number;
  /** The total is the server's estimate (a large list): 'de cerca de 75.000'. */
  estimated?: boolean;
  pageSize?: number;
  onPageChange: (page: number) => void;
}

/** 'Ir para a página': a page number typed and confirmed (Enter or 'Ir'); out of range says so. */
function JumpToPage({ pageCount, onPageChange }: { pageCount: number; onPageChange: (page: number) => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = Number(typed);
    if (!Number.isInteger(target) || target < 1 || target > pageCount) {
      setError(T.outOfRange(pageCount));
      return;
    }
    setError(undefined);
    setTyped('');
    onPageChange(target);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={T.jumpForm}>
      <HStack gap="1">
        <Input
          size="sm"
          w="20"
          type="number"
          inputMode="numeric"
          min={1}
          max={pageCount}
          aria-label={T.jumpLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pagination-jump-error' : undefined}
          placeholder={T.jumpPlaceholder}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button size="sm" variant="outline" type="submit">
          {T.jump}
        </Button>
      </HStack>
      {error && (
        <Text id="pagination-jump-error" role="alert" fontSize="xs" color="fg.error" mt="1">
          {error}
        </Text>
      )}
    </form>
  );
}

/** 'Mostrando X-Y de N registro(s)' ('de cerca de N' when estimated), first/previous/pages/next/last and a jump to any page (hidden for a single page). */
export function Pagination({ page, total, estimated = false, pageSize = PAGE_SIZE, onPageChange }: PaginationProps) {
  const hasRows = total > 0;
  const pageCount = Math.ceil(total / pageSize);
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  // aria-disabled, not disabled: 'Última página' pressed from the keyboard becomes unavailable on the
  // page it leads to, and a disabled button would drop the focus to the page's start.
  const arrow = (label: string, target: number, disabled: boolean, icon: ReactNode) => (
    <IconButton
      aria-label={label}
      title={label}
      size="sm"
      variant="ghost"
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : () => onPageChange(target)}
    >
      {icon}
    </IconButton>
  );
  return (
    <Flex justify="space-between" align="center" wrap="wrap" gap="3" mt={hasRows ? '4' : '0'}>
      {/* Announced when it changes: a screen reader hears the new page's range and the list's total. Kept
          mounted (empty) while the list is: a region that arrives with its text is not announced. */}
      <Text role="status" fontSize="sm" color="fg.muted">
        {hasRows &&
          `Mostrando ${formatInteger(first)}-${formatInteger(last)} de ${estimated ? `cerca de ${formatInteger(total)}` : formatInteger(total)} registro(s)`}
      </Text>
      {hasRows && pageCount > 1 && (
        <Flex as="nav" aria-label={T.navigation} gap="3" wrap="wrap" align="center">
          <HStack gap="1" wrap="wrap">
            {arrow(T.first, 1, page <= 1, <LuChevronFirst />)}
            {arrow(T.previous, page - 1, page <= 1, <LuChevronLeft />)}
            {pageWindow(page, pageCount).map((item) =>
              typeof item === 'number' ? (
                <Button
                  key={item}
                  size="sm"
                  variant={item === page ? 'solid' : 'ghost'}
                  colorPalette="teal"
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={`Página ${formatInteger(item)}`}
                  onClick={() => onPageChange(item)}
                >
                  {formatInteger(item)}
                </Button>
              ) : (
                <Text key={item} px="1" color="fg.muted" aria-hidden>
                  …
                </Text>
              ),
            )}
            {arrow(T.next, page + 1, page >= pageCount, <LuChevronRight />)}
            {arrow(T.last, pageCount, page >= pageCount, <LuChevronLast />)}
          </HStack>
          {pageCount > MAX_BUTTONS && <JumpToPage pageCount={pageCount} onPageChange={onPageChange} />}
        </Flex>
      )}
    </Flex>
  );
}
