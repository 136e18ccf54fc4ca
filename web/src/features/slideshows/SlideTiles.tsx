import { Button, Flex, Text } from '@aws-amplify/ui-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { MAX_SLIDES, SLIDE_FILE_KINDS } from '@shared/slideshows';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { hmsText } from './text';
import type { Tile } from './tiles';

/** What the file inputs offer: the slide types by extension and by type. */
const ACCEPT = '.png,.jpg,.jpeg,.mp4,image/png,image/jpeg,video/mp4';

const MB = 1024 * 1024;
/** 'PNG or JPEG up to 10 MB, MP4 up to 200 MB.' */
const KINDS_TEXT = `PNG or JPEG up to ${SLIDE_FILE_KINDS['image/png'].maxBytes / MB} MB, MP4 up to ${
  SLIDE_FILE_KINDS['video/mp4'].maxBytes / MB
} MB.`;

const tileStyle: CSSProperties = {
  listStyle: 'none',
  border: '1px solid var(--amplify-colors-border-primary)',
  borderRadius: 'var(--amplify-radii-small)',
  padding: 'var(--amplify-space-xs)',
  backgroundColor: 'var(--amplify-colors-background-primary)',
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--amplify-space-xxs)',
};

const thumbStyle: CSSProperties = {
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  backgroundColor: 'var(--amplify-colors-neutral-90)',
  borderRadius: 'var(--amplify-radii-xs)',
  display: 'block',
};

/**
 * The slides as a grid of tiles in play order (docs/product/client-area.md §2 "Slideshow panel"): each with its
 * thumbnail, type and length, its upload's progress, and Move (drag, or Space, arrows, Space
 * from the keyboard), Replace, Preview and Delete (after 'Delete this slide?'); an add tile,
 * hidden at 15 slides.
 */
export function SlideTiles({
  tiles,
  imageDuration,
  message,
  onAdd,
  onReplace,
  onRetry,
  onRemove,
  onMove,
  onPreview,
}: {
  tiles: readonly Tile[];
  /** How long an image shows, in words. */
  imageDuration: string;
  /** A refused file, or the API's word on the slides as a whole. */
  message: string | null;
  onAdd: (files: File[]) => void;
  onReplace: (id: string, file: File) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onPreview: (index: number) => void;
}) {
  const [deleting, setDeleting] = useState<string | null>(null);
  const dragging = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Escape cancels a keyboard drag; it must not also close the side panel (which listens on the
  // window). The drag's own listener is on the document, so stopping it there is enough. The flag
  // outlives the drag by a tick: the drag ends inside the same keydown.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dragging.current) event.stopPropagation();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const endDrag = () => setTimeout(() => (dragging.current = false));

  const position = (id: UniqueIdentifier) => tiles.findIndex((tile) => tile.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up slide ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Slide ${position(active.id)} is over position ${position(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Slide ${position(active.id)} was dropped at position ${position(over.id)}.`
        : `Slide ${position(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving slide ${position(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    endDrag();
    if (!over || active.id === over.id) return;
    const from = tiles.findIndex((tile) => tile.id === active.id);
    const to = tiles.findIndex((tile) => tile.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={() => (dragging.current = true)}
        onDragEnd={onDragEnd}
        onDragCancel={endDrag}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a slide, press Space or Enter on its Move button, use the arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.',
          },
        }}
      >
        <SortableContext items={tiles.map((tile) => tile.id)} strategy={rectSortingStrategy}>
          <ol
            aria-label="Slides"
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
              gap: 'var(--amplify-space-small)',
              margin: 0,
              padding: 0,
            }}
          >
            {tiles.map((tile, index) => (
              <SortableTile
                key={tile.id}
                tile={tile}
                number={index + 1}
                imageDuration={imageDuration}
                onReplace={(file) => onReplace(tile.id, file)}
                onRetry={() => onRetry(tile.id)}
                onPreview={() => onPreview(index)}
                onDelete={() => setDeleting(tile.id)}
              />
            ))}
            {tiles.length < MAX_SLIDES && <AddTile onAdd={onAdd} count={tiles.length} />}
          </ol>
        </SortableContext>
      </DndContext>
      {message && (
        <Text role="alert" color="font.error" fontSize="small">
          {message}
        </Text>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete slide"
          message="Delete this slide?"
          onConfirm={() => {
            onRemove(deleting);
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}

/** A hidden file input opened by a button: the button is what people see and press. */
function FilePick({
  label,
  inputLabel,
  multiple,
  onFiles,
  buttonLabel,
}: {
  label: string;
  inputLabel: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  buttonLabel?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="small" onClick={() => input.current?.click()} aria-label={buttonLabel}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple={multiple}
        aria-label={inputLabel}
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

function SortableTile({
  tile,
  number,
  imageDuration,
  onReplace,
  onRetry,
  onPreview,
  onDelete,
}: {
  tile: Tile;
  number: number;
  imageDuration: string;
  onReplace: (file: File) => void;
  onRetry: () => void;
  onPreview: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: tile.id });
  const errorId = useId();
  const name = `slide ${number}`;
  const length =
    tile.type === 'image'
      ? imageDuration
      : tile.videoLength
        ? hmsText(tile.videoLength)
        : 'length read on save';
  const percent = tile.progress === null ? null : Math.round(tile.progress * 100);

  return (
    <li
      ref={setNodeRef}
      aria-label={`Slide ${number}`}
      aria-describedby={tile.error ? errorId : undefined}
      style={{
        ...tileStyle,
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 'var(--amplify-shadows-medium)' : undefined,
        borderColor: tile.error ? 'var(--amplify-colors-border-error)' : undefined,
      }}
    >
      {tile.url ? (
        tile.type === 'image' ? (
          <img src={tile.url} alt={`Thumbnail of ${name}`} style={thumbStyle} />
        ) : (
          <video
            src={tile.url}
            muted
            playsInline
            preload="metadata"
            style={thumbStyle}
            aria-label={`Thumbnail of ${name}`}
          />
        )
      ) : (
        <div style={thumbStyle} />
      )}
      <Text fontSize="small" fontWeight="bold">
        {number}. {tile.type === 'image' ? 'Image' : 'Video'}
      </Text>
      <Text fontSize="small">{length}</Text>
      {percent !== null && (
        <Flex direction="column" gap="0">
          <progress max={100} value={percent} aria-label={`Upload of ${name}`} style={{ width: '100%' }} />
          <Text fontSize="xs" color="font.secondary">
            Uploading {percent}%
          </Text>
        </Flex>
      )}
      {tile.error && (
        <Text id={errorId} fontSize="small" color="font.error">
          {tile.error}
        </Text>
      )}
      <Flex gap="xxs" wrap="wrap">
        <Button
          size="small"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${name}`}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          ⠿
        </Button>
        <FilePick
          label="Replace"
          buttonLabel={`Replace ${name}`}
          inputLabel={`File for ${name}`}
          onFiles={([file]) => file && onReplace(file)}
        />
        {tile.error && tile.source && percent === null && (
          <Button size="small" onClick={onRetry} aria-label={`Retry the upload of ${name}`}>
            Retry
          </Button>
        )}
        <Button size="small" onClick={onPreview} aria-label={`Preview ${name}`} isDisabled={!tile.url}>
          Preview
        </Button>
        <Button size="small" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </Flex>
    </li>
  );
}

function AddTile({ onAdd, count }: { onAdd: (files: File[]) => void; count: number }) {
  return (
    <li
      style={{
        ...tileStyle,
        borderStyle: 'dashed',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '8rem',
        textAlign: 'center',
      }}
    >
      <FilePick label="Add slides" inputLabel="Slide files" multiple onFiles={onAdd} />
      <Text fontSize="xs" color="font.secondary">
        {KINDS_TEXT} Room for {MAX_SLIDES - count} more.
      </Text>
    </li>
  );
}
