import { Button, Menu, MenuItem } from '@aws-amplify/ui-react';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The header's sort menu (docs/product/client-area.md §2 "Header"): a page supplies its sort options with
 * `useSortMenu(['Alphabetical', 'Status'])` and gets back the chosen key; the header shows the
 * menu while a page supplies options. Choosing an option sets the key to its label in lower case
 * ('alphabetical'); the key resets (to null: the page's own order) when the options change. One
 * page at a time supplies them, so the state is one small store the header and the page share.
 */

interface SortState {
  /** The options of the page on screen, or null when it supplies none. */
  options: readonly string[] | null;
  /** The chosen option's key (its label in lower case), or null before a choice. */
  key: string | null;
}

let state: SortState = { options: null, key: null };
const listeners = new Set<() => void>();

function setState(next: SortState) {
  state = next;
  for (const listener of listeners) listener();
}

const sameOptions = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((option, i) => option === b[i]));

/** The store as the header and the pages read it. */
export const sortStore = {
  get: (): SortState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Supplies a page's options (null: none); different options reset the key. */
  setOptions(options: readonly string[] | null) {
    if (sameOptions(options, state.options)) return;
    setState({ options, key: null });
  },
  /** Chooses an option: the key is its label in lower case. */
  choose(option: string) {
    setState({ ...state, key: option.toLowerCase() });
  },
};

/** The sort key the chosen option gives: 'Alphabetical' → 'alphabetical'. */
const sortKey = (option: string): string => option.toLowerCase();

/**
 * Supplies `options` to the header's sort menu while the calling page is on screen, and returns
 * the chosen key (null until one is chosen, and again whenever the options change).
 */
export function useSortMenu(options: readonly string[]): string | null {
  const current = useSyncExternalStore(sortStore.subscribe, sortStore.get);
  const signature = options.join('\n');
  useEffect(() => {
    sortStore.setOptions(signature.split('\n'));
  }, [signature]);
  useEffect(() => () => sortStore.setOptions(null), []);
  return sameOptions(current.options, options) ? current.key : null;
}

/** The menu in the header: shown only while the page on screen supplies options. */
export function SortMenu() {
  const { options, key } = useSyncExternalStore(sortStore.subscribe, sortStore.get);
  if (!options?.length) return null;
  const chosen = options.find((option) => sortKey(option) === key);
  return (
    <Menu
      menuAlign="end"
      trigger={
        <Button size="small" aria-label={chosen ? `Sort by ${chosen}` : 'Sort'}>
          {chosen ? `Sort: ${chosen}` : 'Sort'}
        </Button>
      }
    >
      {options.map((option) => (
        <MenuItem
          key={option}
          onClick={() => sortStore.choose(option)}
          aria-current={sortKey(option) === key ? 'true' : undefined}
        >
          {option}
        </MenuItem>
      ))}
    </Menu>
  );
}
