import { Button, Card, Flex, Text, View } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import { platformRoutes } from '@shared/api/platform-routes';
import type { Banner } from '@shared/schemas/banners';
import { useRoute } from '../api/call';

/**
 * Banner announcements where people see them (docs/product/admin-and-auth.md §3, §9): on the login pages, and in
 * the client area for the account's package. Each banner sits at its position — a top or bottom
 * row, on the left, in the centre or on the right; hideable ones have a Dismiss button, and a
 * dismissal is remembered in this browser for that banner as it was (an edited banner shows again).
 *
 * This module is part of the sign-in page: it imports no zod and no library the page lacks.
 */

type Where = 'login' | 'client';

/** Public: the active, unexpired banners of the login pages; the client's: those of its package. */
const routes = {
  login: platformRoutes['list-login-banners'],
  client: platformRoutes['list-client-banners'],
} as const;

/**
 * The banners to show. A failure is not toasted: an announcement that cannot be loaded is no
 * reason to interrupt anyone.
 */
function useShownBanners(where: Where) {
  return useRoute(routes[where], {}, { revalidateOnFocus: false }, { toastErrors: false });
}

type Row = 'top' | 'bottom';
type Column = 'left' | 'center' | 'right';

const columns: { column: Column; align: 'flex-start' | 'center' | 'flex-end' }[] = [
  { column: 'left', align: 'flex-start' },
  { column: 'center', align: 'center' },
  { column: 'right', align: 'flex-end' },
];

function placeOf(position: Banner['position']): { row: Row; column: Column } {
  const [row, column] = position.split('-') as [Row, Column];
  return { row, column };
}

// ---- dismissals, remembered in the browser ----

export const DISMISSED_KEY = 'banners.dismissed';
/** Dismissals kept at most; the oldest go first. */
const KEEP = 100;

/** A dismissal names the banner as it was: editing it (a new updated_at) shows it again. */
const dismissalOf = (banner: Pick<Banner, 'id' | 'updated_at'>) => `${banner.id}@${banner.updated_at}`;

function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function useDismissed() {
  const [dismissed, setDismissed] = useState(readDismissed);
  const dismiss = (banner: Banner) => {
    const next = [...readDismissed().filter((d) => d !== dismissalOf(banner)), dismissalOf(banner)].slice(
      -KEEP,
    );
    try {
      localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: hidden for this visit only.
    }
    setDismissed(next);
  };
  return { isDismissed: (banner: Banner) => dismissed.includes(dismissalOf(banner)), dismiss };
}

// ---- drawing ----

export function BannerCard({ banner, onDismiss }: { banner: Banner; onDismiss: () => void }) {
  const titleId = useId();
  return (
    <Card
      as="article"
      aria-labelledby={titleId}
      variation="outlined"
      backgroundColor="background.info"
      width="100%"
      maxWidth="24rem"
      padding="small medium"
      style={{ pointerEvents: 'auto' }}
    >
      <Flex justifyContent="space-between" alignItems="flex-start" gap="small">
        <Flex direction="column" gap="xxs" minWidth="0">
          <Text id={titleId} fontWeight="bold">
            {banner.title}
          </Text>
          <Text whiteSpace="pre-line">{banner.message}</Text>
        </Flex>
        {banner.hideable && (
          <Button variation="link" size="small" aria-label={`Dismiss ${banner.title}`} onClick={onDismiss}>
            ✕
          </Button>
        )}
      </Flex>
    </Card>
  );
}

const rowLabels: Record<Row, string> = {
  top: 'Announcements at the top',
  bottom: 'Announcements at the bottom',
};

/**
 * One row of banners, a labelled section in three columns (one on narrow screens); nothing when
 * it has none.
 */
function BannerRow({ row, where, padding }: { row: Row; where: Where; padding?: string }) {
  const { data } = useShownBanners(where);
  const { isDismissed, dismiss } = useDismissed();
  const shown = (data ?? []).filter((b) => placeOf(b.position).row === row && !isDismissed(b));
  if (shown.length === 0) return null;
  return (
    <Flex
      as="section"
      aria-label={rowLabels[row]}
      direction={{ base: 'column', medium: 'row' }}
      gap="small"
      padding={padding}
    >
      {columns.map(({ column, align }) => (
        <Flex
          key={column}
          flex="1 1 0"
          minWidth="0"
          direction="column"
          gap="small"
          alignItems={{ base: 'stretch', medium: align }}
        >
          {shown
            .filter((b) => placeOf(b.position).column === column)
            .map((banner) => (
              <BannerCard key={banner.id} banner={banner} onDismiss={() => dismiss(banner)} />
            ))}
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The login page's banners of one row, in the page's flow above or below the form, so that they
 * never cover it.
 */
export function LoginBanners({ row }: { row: Row }) {
  return <BannerRow row={row} where="login" />;
}

/**
 * The client area's banners, for the account's package: the top row in the page's flow where it
 * is placed (above the header), the bottom row over the bottom of the window, like a toast. The
 * page gets as much room below its end as the bottom row takes, so that nothing stays hidden
 * behind it; only the banners themselves take clicks.
 */
export function ClientBanners() {
  const bottomLayer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const layer = bottomLayer.current;
    if (!layer) return;
    const observer = new ResizeObserver(() => {
      document.body.style.paddingBottom = layer.offsetHeight ? `${layer.offsetHeight}px` : '';
    });
    observer.observe(layer);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, []);
  return (
    <>
      <BannerRow row="top" where="client" padding="small medium" />
      <View
        ref={bottomLayer}
        position="fixed"
        bottom="0"
        left="0"
        right="0"
        style={{ zIndex: 10, pointerEvents: 'none' }}
      >
        <BannerRow row="bottom" where="client" padding="small medium" />
      </View>
    </>
  );
}
