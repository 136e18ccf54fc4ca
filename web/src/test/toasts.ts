/** The toasts on screen (sonner), each as its title and description, in the order shown. */
export function shownToasts(type?: 'error' | 'success'): { title: string; description: string | null }[] {
  const selector = type ? `[data-sonner-toast][data-type="${type}"]` : '[data-sonner-toast]';
  return [...document.querySelectorAll(selector)].map((toast) => ({
    title: toast.querySelector('[data-title]')?.textContent ?? '',
    description: toast.querySelector('[data-description]')?.textContent ?? null,
  }));
}
