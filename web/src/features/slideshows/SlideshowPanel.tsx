import { Badge, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { Slideshow } from '@shared/schemas/slideshows';
import type { Space } from '@shared/schemas/venues';
import { deleteSlideshow, revalidateSlideshows, useSlideshows } from './api';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { SlideshowForm } from './SlideshowForm';
import { durationLabel, lengthText, slideCount, totalSeconds, transitionLabel } from './text';

/**
 * A space's slideshows (docs/product/client-area.md §2 "Slideshow panel"): the list with Add new, Edit and
 * Delete (after 'Delete this slideshow?'), and the form of a new or chosen slideshow, which
 * comes back to the list when saved or cancelled. Only for an Account Admin or a Venue Manager
 * approved on the venue (Panels checks).
 */
export function SlideshowPanel({ space }: { space: Space }) {
  const [editing, setEditing] = useState<{ slideshow: Slideshow | null } | null>(null);
  return editing ? (
    <SlideshowForm
      key={editing.slideshow?.id ?? 'new'}
      spaceId={space.id}
      slideshow={editing.slideshow}
      onDone={() => setEditing(null)}
    />
  ) : (
    <SlideshowList space={space} onEdit={(slideshow) => setEditing({ slideshow })} />
  );
}

function SlideshowList({ space, onEdit }: { space: Space; onEdit: (slideshow: Slideshow | null) => void }) {
  const { mutate } = useSWRConfig();
  const { data: slideshows, error } = useSlideshows(space.id);
  const [deleting, setDeleting] = useState<Slideshow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();

  const remove = async (slideshow: Slideshow) => {
    setDeleting(null);
    setBusy(slideshow.id);
    try {
      const reply = await deleteSlideshow(space.id, slideshow.id);
      toast.success(reply.message ?? 'Slideshow deleted');
      await revalidateSlideshows(mutate, space.id);
    } catch {
      // Toasted by the fetch client.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="center" gap="small">
        <Heading level={3} id={headingId} fontSize="large">
          Slideshows
        </Heading>
        <Button size="small" variation="primary" onClick={() => onEdit(null)}>
          Add new
        </Button>
      </Flex>
      {!slideshows ? (
        error ? (
          <Text color="font.error">The slideshows could not be loaded.</Text>
        ) : (
          <Loader ariaLabel="Loading slideshows" />
        )
      ) : slideshows.length === 0 ? (
        <Text color="font.secondary">No slideshows yet.</Text>
      ) : (
        <Flex as="ul" direction="column" gap="small" margin="0" padding="0" aria-labelledby={headingId}>
          {slideshows.map((slideshow) => (
            <SlideshowItem
              key={slideshow.id}
              slideshow={slideshow}
              busy={busy === slideshow.id}
              onEdit={() => onEdit(slideshow)}
              onDelete={() => setDeleting(slideshow)}
            />
          ))}
        </Flex>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete slideshow"
          message="Delete this slideshow?"
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Flex>
  );
}

function SlideshowItem({
  slideshow,
  busy,
  onEdit,
  onDelete,
}: {
  slideshow: Slideshow;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const nameId = useId();
  const active = slideshow.slideshow_status === 1;
  return (
    <Card as="li" variation="outlined" aria-labelledby={nameId} style={{ listStyle: 'none' }}>
      <Flex direction="column" gap="xs">
        <Flex justifyContent="space-between" alignItems="center" gap="small">
          <Text id={nameId} fontWeight="bold">
            {slideshow.name}
          </Text>
          <Badge size="small" variation={active ? 'success' : undefined}>
            {active ? 'Active' : 'Inactive'}
          </Badge>
        </Flex>
        <Text fontSize="small">
          {slideCount(slideshow.slides.length)} · {lengthText(totalSeconds(slideshow))} in all
        </Text>
        <Text fontSize="small" color="font.secondary">
          {transitionLabel(slideshow.transition)} · images {durationLabel(slideshow.duration)} each
          {slideshow.randomize === 1 ? ' · random order' : ''}
        </Text>
        <Flex gap="small">
          <Button size="small" onClick={onEdit} aria-label={`Edit ${slideshow.name}`}>
            Edit
          </Button>
          <Button
            size="small"
            onClick={onDelete}
            isLoading={busy}
            loadingText="Deleting"
            aria-label={`Delete ${slideshow.name}`}
          >
            Delete
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
