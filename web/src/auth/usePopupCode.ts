import { useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { popupSize, type SocialProvider } from '@shared/social';
import { randomToken, UNKNOWN_SOURCE, type StoredAttempt } from './popup';
import type { PopupFlow } from './popupFlows';
import type { Area } from './session';

/** What one authorization request asks of the provider. */
export interface PopupRequest<S> {
  /** The provider's (or the broker's) authorization endpoint, where the proxy page forwards. */
  endpoint: string;
  /** The request's parameters; `redirect_uri` (the flow's return page) and `state` are added. */
  query: Record<string, string>;
  /** Kept in memory with the attempt and handed back with its code (e.g. the PKCE verifier). */
  secrets: S;
  /** Sign-in: the area whose login the return page links to when opened by hand. */
  area?: Area;
}

/** The attempt whose popup is open: its secrets stay here, in memory only. */
interface Pending<P, S> {
  provider: P;
  popup: Window;
  secrets: S;
  timer: ReturnType<typeof setInterval>;
}

/**
 * Forgets the attempt, if any (true then); `closePopup` when its popup can no longer bring anything
 * usable.
 */
function endAttempt<P, S>(pending: RefObject<Pending<P, S> | null>, closePopup: boolean): boolean {
  const attempt = pending.current;
  if (!attempt) return false;
  clearInterval(attempt.timer);
  if (closePopup) attempt.popup.close();
  pending.current = null;
  return true;
}

/** The popup, 400 × 400, centred on this window. */
function popupFeatures(): string {
  const { width, height } = popupSize;
  const left = Math.round(window.screenX + (window.outerWidth - width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - height) / 2);
  return `popup,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * The opener's half of a popup flow (./popupFlows.ts). `open` opens the window on the flow's proxy
 * page with the request, a fresh `state` and the flow's return page as `redirect_uri`; it must be
 * called synchronously from the click, so that no popup blocker takes it for an ad. One attempt
 * at a time: `busy` names its provider until the window closes without a code, brings an error,
 * or its code has been used (`onCode` settled).
 *
 * While mounted this listens to messages: one from another origin fails the attempt, if any, with
 * 'Event from unknown source'; an error from the return page is toasted; a code for the provider
 * of the attempt goes to `onCode` with the attempt's secrets. Unmounting ends the attempt: only
 * this page could use its code.
 */
export function usePopupCode<P extends SocialProvider, S>(
  flow: PopupFlow,
  onCode: (answer: { provider: P; code: string; secrets: S }) => Promise<unknown>,
): { busy: P | null; open: (provider: P, request: PopupRequest<S>) => void } {
  const [busy, setBusy] = useState<P | null>(null);
  const pending = useRef<Pending<P, S> | null>(null);

  useEffect(() => () => void endAttempt(pending, true), []);

  const onMessage = useEffectEvent((event: MessageEvent) => {
    const data: unknown = event.data;
    if (!data || typeof data !== 'object' || !('provider' in data) || typeof data.provider !== 'string')
      return;
    if (event.origin !== window.location.origin) {
      if (endAttempt(pending, true)) setBusy(null);
      toast.error(UNKNOWN_SOURCE, { id: UNKNOWN_SOURCE });
      return;
    }
    if ('error' in data && typeof data.error === 'string') {
      if (endAttempt(pending, true)) setBusy(null);
      toast.error(data.error, { id: data.error });
      return;
    }
    const attempt = pending.current;
    if (!('code' in data) || typeof data.code !== 'string' || attempt?.provider !== data.provider) return;
    endAttempt(pending, false);
    void onCode({ provider: attempt.provider, code: data.code, secrets: attempt.secrets }).finally(() =>
      setBusy(null),
    );
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const open = useCallback(
    (provider: P, { endpoint, query, secrets, area }: PopupRequest<S>) => {
      if (pending.current) return;
      const state = randomToken();
      const search = new URLSearchParams({
        ...query,
        redirect_uri: `${window.location.origin}${flow.base}/${provider}`,
        state,
      });
      const stored: StoredAttempt = { state, provider, ...(area ? { area } : {}), endpoint };
      localStorage.setItem(flow.key, JSON.stringify(stored));
      const popup = window.open(`${flow.base}/${provider}/proxy?${search}`, flow.windowName, popupFeatures());
      if (!popup) {
        localStorage.removeItem(flow.key);
        toast.error(flow.blocked);
        return;
      }
      // Closed without a result: usable again. A code posted just before the window closed gets one
      // more tick to arrive.
      let closedBefore = false;
      const timer = setInterval(() => {
        if (!popup.closed) return;
        if (!closedBefore) {
          closedBefore = true;
          return;
        }
        if (pending.current?.popup !== popup) return clearInterval(timer);
        endAttempt(pending, false);
        localStorage.removeItem(flow.key);
        setBusy(null);
      }, 500);
      pending.current = { provider, popup, secrets, timer };
      setBusy(provider);
    },
    [flow],
  );

  return { busy, open };
}
