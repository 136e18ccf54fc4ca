import { useEffect, useRef } from 'react';
import type { BookingOccurrence } from '@shared/schemas/bookings';

/** An event's right-click menu: where it opened and what it offers. */
export interface EventMenuState {
  occurrence: BookingOccurrence;
  at: { x: number; y: number };
  edit: boolean;
  remove: boolean;
}

/**
 * The right-click menu of an event (docs/product/client-area.md §2): Edit, and Delete of this occurrence, as far as
 * the person may. Escape, a click elsewhere or scrolling closes it; focus starts on its first item.
 */
export function EventMenu({
  menu,
  onClose,
  onEdit,
  onDelete,
}: {
  menu: EventMenuState;
  onClose: () => void;
  onEdit: (occurrence: BookingOccurrence) => void;
  onDelete: (occurrence: BookingOccurrence) => void;
}) {
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
    const closeOnKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const closeOutside = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    window.addEventListener('keydown', closeOnKey);
    window.addEventListener('mousedown', closeOutside);
    window.addEventListener('scroll', onClose, true);
    window.addEventListener('resize', onClose);
    return () => {
      window.removeEventListener('keydown', closeOnKey);
      window.removeEventListener('mousedown', closeOutside);
      window.removeEventListener('scroll', onClose, true);
      window.removeEventListener('resize', onClose);
    };
  }, [onClose]);

  const choose = (action: (occurrence: BookingOccurrence) => void) => () => {
    onClose();
    action(menu.occurrence);
  };

  return (
    <ul
      ref={ref}
      role="menu"
      aria-label={`Actions for ${menu.occurrence.title}`}
      className="spaces-event-menu"
      style={{ left: menu.at.x, top: menu.at.y }}
    >
      {menu.edit && (
        <li role="none">
          <button type="button" role="menuitem" onClick={choose(onEdit)}>
            Edit
          </button>
        </li>
      )}
      {menu.remove && (
        <li role="none">
          <button type="button" role="menuitem" onClick={choose(onDelete)}>
            Delete
          </button>
        </li>
      )}
    </ul>
  );
}
