import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { sessionStore } from '../auth/session';

// Two cores run every test file at once in CI: findBy/waitFor wait up to 3 s, not 1 s.
configure({ asyncUtilTimeout: 3000 });

// What jsdom lacks and Amplify UI (Radix menus, floating UI) or sonner call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
// jsdom has no modal <dialog>: opening one sets its `open` attribute, as the browser does.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  toast.dismiss();
  localStorage.clear();
  sessionStore.reload();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
