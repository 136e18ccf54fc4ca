import {
  Button,
  Flex,
  Pagination,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  View,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type SortingState,
} from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';

export const PAGE_SIZE = 10;

/**
 * True when any field value of `item` (or any value of an array) contains the search text
 * (trimmed, case-insensitive); an empty search matches everything (docs/product/admin-and-auth.md §5).
 */
export function matchesSearch(item: object, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return Object.values(item).some(
    (value) =>
      (typeof value === 'string' || typeof value === 'number') &&
      String(value).toLowerCase().includes(needle),
  );
}

export interface DataTableProps<T extends object> {
  data: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own idiom for mixed column value types
  columns: ColumnDef<T, any>[];
  /** Accessible name of the table and its search box, e.g. 'Amenities'. */
  label: string;
  /** Shown instead of rows when nothing matches. */
  emptyText: string;
  /**
   * The values of an item the search reads: by default every field of it. Where the item has
   * fields the table does not show (dates, ids), name the shown columns' values.
   */
  searchValues?: (item: T) => readonly unknown[];
  /**
   * Buttons beside the search box (e.g. ADD); as a function, drawn with the rows the search and
   * sorting leave, on every page, and the search text (e.g. an export of what is shown).
   */
  actions?: ReactNode | ((shown: T[], search: string) => ReactNode);
}

const sortLabels = { asc: 'ascending', desc: 'descending' } as const;

/** A searchable, sortable table with pages of 10: TanStack Table rendered with Amplify's Table. */
export function DataTable<T extends object>({
  data,
  columns,
  label,
  emptyText,
  searchValues,
  actions,
}: DataTableProps<T>) {
  const [search, setSearch] = useState('');
  const globalFilter = (row: Row<T>, _columnId: string, value: string) =>
    matchesSearch(searchValues ? searchValues(row.original) : row.original, value);
  const [sorting, setSorting] = useState<SortingState>([]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is used as its docs say
  const table = useReactTable({
    data,
    columns,
    state: { globalFilter: search, sorting },
    onGlobalFilterChange: setSearch,
    onSortingChange: setSorting,
    globalFilterFn: globalFilter,
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageIndex: 0, pageSize: PAGE_SIZE } },
  });
  const rows = table.getRowModel().rows;
  const pageCount = Math.max(1, table.getPageCount());
  const page = table.getState().pagination.pageIndex + 1;

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
        <SearchField
          label={`Search ${label.toLowerCase()}`}
          placeholder="Search"
          value={search}
          onChange={(event) => table.setGlobalFilter(event.target.value)}
          onClear={() => table.setGlobalFilter('')}
          hasSearchButton={false}
        />
        {typeof actions === 'function'
          ? actions(
              table.getPrePaginationRowModel().rows.map((row) => row.original),
              search,
            )
          : actions}
      </Flex>
      {/* A table wider than the page (a phone's) scrolls sideways in its own box, hidden labels too. */}
      <View overflow="auto" position="relative" className="spaces-table-scroll">
        <Table caption={<VisuallyHidden>{label}</VisuallyHidden>} highlightOnHover variation="striped">
          <TableHead>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <TableCell as="th" key={header.id} aria-sort={sorted ? sortLabels[sorted] : undefined}>
                      {header.column.getCanSort() ? (
                        <Button
                          variation="link"
                          size="small"
                          padding="0"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {title}
                          <span aria-hidden="true">
                            {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                          </span>
                        </Button>
                      ) : (
                        title
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Text>{emptyText}</Text>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </View>
      {pageCount > 1 && (
        <Pagination
          currentPage={page}
          totalPages={pageCount}
          onNext={() => table.nextPage()}
          onPrevious={() => table.previousPage()}
          onChange={(next) => table.setPageIndex((next ?? 1) - 1)}
        />
      )}
    </Flex>
  );
}
