import { Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { PAGE_SIZE } from '../../api/paging';

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
  pageSize?: number;
  onPageChange: (page: number) => void;
}

/** 'Mostrando X-Y de N registro(s)' and the page buttons (hidden for a single page). */
export function Pagination({ page, total, pageSize = PAGE_SIZE, onPageChange }: PaginationProps) {
  if (total <= 0) return null;
  const pageCount = Math.ceil(total / pageSize);
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Flex justify="space-between" align="center" wrap="wrap" gap="3" mt="4">
      <Text fontSize="sm" color="gray.600">
        Mostrando {first}-{last} de {total} registro(s)
      </Text>
      {pageCount > 1 && (
        <HStack as="nav" aria-label="Paginação" gap="1">
          <IconButton aria-label="Página anterior" size="sm" variant="ghost" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <LuChevronLeft />
          </IconButton>
          {pageWindow(page, pageCount).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="sm"
                variant={item === page ? 'solid' : 'ghost'}
                colorPalette="teal"
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Página ${item}`}
                onClick={() => onPageChange(item)}
              >
                {item}
              </Button>
            ) : (
              <Text key={item} px="1" color="gray.500" aria-hidden>
                …
              </Text>
            ),
          )}
          <IconButton
            aria-label="Próxima página"
            size="sm"
            variant="ghost"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <LuChevronRight />
          </IconButton>
        </HStack>
      )}
    </Flex>
  );
}
