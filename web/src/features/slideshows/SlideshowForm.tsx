import { Button, Flex, Heading, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import {
  Controller,
  get,
  useForm,
  useWatch,
  type FieldError,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import {
  slideshowInputSchema,
  type Slideshow,
  type SlideshowChanges,
  type SlideshowInput,
} from '@shared/schemas/slideshows';
import {
  DEFAULT_SLIDE_DURATION,
  DEFAULT_TRANSITION,
  fromHms,
  MAX_SLIDES,
  SLIDE_DURATIONS,
  SLIDE_TRANSITIONS,
} from '@shared/slideshows';
import { ApiError } from '@web/api/client';
import { revalidateSlideshows, saveSlideshow } from './api';
import { fieldProps, showServerErrors } from '@web/components/form';
import { ControlledSelect } from '../venues/panels/fields';
import { SlidePreview } from './SlidePreview';
import { SlideTiles } from './SlideTiles';
import { durationLabel } from './text';
import { useSlideTiles, type Tile } from './tiles';

const fields: Path<SlideshowInput>[] = ['name', 'transition', 'duration', 'randomize', 'slideshow_status'];

/** The API's word on one slide (`slides.2.file`, `slides.2`) or on the slides as a whole. */
const SLIDE_FIELD = /^slides\.(\d+)(?:\.|$)/;
const SLIDES_FIELD = /^(slides|slides_order)(?:\.|$)/;

/**
 * Add or edit a slideshow (docs/product/client-area.md §2 "Slideshow panel", §3 Slideshow, §5): its name,
 * transition (23), image duration, random order and status (activating it turns the space's
 * other one off), and its slides as tiles, uploaded as they are chosen and ordered by dragging.
 * Saving waits for the uploads; it sends the slides in tile order (`order` 0…n-1, `slides_order`
 * their files) and puts the API's word on a file under its tile.
 */
export function SlideshowForm({
  spaceId,
  slideshow,
  onDone,
}: {
  spaceId: string;
  slideshow: Slideshow | null;
  onDone: () => void;
}) {
  const { mutate } = useSWRConfig();
  const slides = useSlideTiles(slideshow?.slides ?? []);
  const [message, setMessage] = useState<string | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const blockedId = useId();
  const form = useForm<SlideshowInput, unknown, SlideshowChanges>({
    resolver: zodResolver(slideshowInputSchema) as unknown as Resolver<
      SlideshowInput,
      unknown,
      SlideshowChanges
    >,
    mode: 'onTouched',
    defaultValues: {
      name: slideshow?.name ?? '',
      transition: slideshow?.transition ?? DEFAULT_TRANSITION,
      duration: slideshow?.duration ?? DEFAULT_SLIDE_DURATION,
      randomize: slideshow?.randomize ?? 0,
      slideshow_status: slideshow?.slideshow_status ?? 0,
      slides: [],
      slides_order: [],
    },
  });
  const [duration, transition, name] = useWatch({
    control: form.control,
    name: ['duration', 'transition', 'name'],
  });
  const slidesError = (['slides', 'slides_order'] as const)
    .map((field) => (get(form.formState.errors, field) as FieldError | undefined)?.message)
    .find(Boolean);

  /** Changing the slides answers what was said of them. */
  const changed = (said: string | null = null) => {
    setMessage(said);
    form.clearErrors(['slides', 'slides_order']);
  };

  const hasTileErrors = slides.tiles.some((tile) => tile.error);
  const blocked = slides.uploading
    ? 'Saving waits for the uploads to finish.'
    : hasTileErrors
      ? 'Replace or delete the slides marked with an error to save.'
      : null;

  const save = (sent: Tile[]) => {
    const sentSlides = sent.map((tile, order) => ({ file: tile.file ?? '', order }));
    const files = sentSlides.map((slide) => slide.file);
    // The schema checks the slides as sent too (at most 15, each file once, the order naming each).
    form.setValue('slides', sentSlides);
    form.setValue('slides_order', files);
    return form.handleSubmit(async (values) => {
      const body: SlideshowInput = { ...values, slides: sentSlides, slides_order: files };
      try {
        const reply = await saveSlideshow(spaceId, slideshow?.id ?? null, body);
        toast.success(reply.message ?? 'Slideshow saved');
        await revalidateSlideshows(mutate, spaceId);
        onDone();
      } catch (error) {
        // Toasted by the fetch client; a field's error goes under it, a slide's under its tile.
        showServerErrors(error, form.setError, fields);
        if (!(error instanceof ApiError)) return;
        const byTile = new Map<string, string>();
        for (const [field, said] of Object.entries(error.fields ?? {})) {
          const slide = SLIDE_FIELD.exec(field);
          const tile = slide ? sent[Number(slide[1])] : undefined;
          if (tile) byTile.set(tile.id, said);
          else if (SLIDES_FIELD.test(field)) form.setError('slides', { message: said });
        }
        slides.markErrors(byTile);
      }
    })();
  };

  const imageSeconds = fromHms(duration ?? '') ?? fromHms(DEFAULT_SLIDE_DURATION)!;
  const playable = slides.tiles.filter((tile): tile is Tile & { url: string } => !!tile.url);

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      aria-label={slideshow ? `Edit slideshow ${slideshow.name}` : 'New slideshow'}
      onSubmit={(event) => {
        event.preventDefault();
        if (blocked) return;
        void save(slides.tiles.slice());
      }}
    >
      <Heading level={3} fontSize="large">
        {slideshow ? 'Edit slideshow' : 'New slideshow'}
      </Heading>
      <TextField label="Name" isRequired maxLength={100} autoComplete="off" {...fieldProps(form, 'name')} />
      <ControlledSelect control={form.control} name="transition" label="Transition">
        {SLIDE_TRANSITIONS.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </ControlledSelect>
      <ControlledSelect control={form.control} name="duration" label="Duration of each image">
        {SLIDE_DURATIONS.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </ControlledSelect>
      <Controller
        control={form.control}
        name="randomize"
        render={({ field }) => (
          <SwitchField
            label="Random order"
            labelPosition="end"
            name={field.name}
            isChecked={field.value === 1}
            onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
            trackCheckedColor="green.60"
          />
        )}
      />
      <Controller
        control={form.control}
        name="slideshow_status"
        render={({ field }) => (
          <SwitchField
            label="Active"
            labelPosition="end"
            name={field.name}
            isChecked={field.value === 1}
            onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
            trackCheckedColor="green.60"
          />
        )}
      />
      <Text fontSize="small" color="font.secondary" marginTop="-small">
        The space&apos;s screens play its active slideshow; activating this one turns the other off.
      </Text>
      <Flex as="fieldset" direction="column" gap="small" padding="0" margin="0" style={{ border: 'none' }}>
        <Text as="legend" fontWeight="bold" padding="0" marginBottom="xs">
          Slides ({slides.tiles.length} of {MAX_SLIDES})
        </Text>
        <SlideTiles
          tiles={slides.tiles}
          imageDuration={durationLabel(duration ?? DEFAULT_SLIDE_DURATION)}
          message={message ?? slidesError ?? null}
          onAdd={(files) => changed(slides.add(files))}
          onReplace={(id, file) => changed(slides.replace(id, file))}
          onRetry={(id) => {
            changed();
            slides.retry(id);
          }}
          onRemove={(id) => {
            changed();
            slides.remove(id);
          }}
          onMove={(from, to) => {
            changed();
            slides.move(from, to);
          }}
          onPreview={(index) => setPreview(playable.indexOf(slides.tiles[index] as Tile & { url: string }))}
        />
        {playable.length > 0 && (
          <Button size="small" alignSelf="flex-start" onClick={() => setPreview(0)}>
            Preview slideshow
          </Button>
        )}
      </Flex>
      {blocked && (
        <Text id={blockedId} fontSize="small" color="font.secondary">
          {blocked}
        </Text>
      )}
      <Flex gap="small">
        <Button
          type="submit"
          variation="primary"
          isDisabled={!!blocked || Object.keys(form.formState.errors).length > 0}
          isLoading={form.formState.isSubmitting}
          loadingText="Saving"
          aria-describedby={blocked ? blockedId : undefined}
        >
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Flex>
      {preview !== null && preview >= 0 && (
        <SlidePreview
          title={name?.trim() || 'New slideshow'}
          slides={playable}
          start={preview}
          transition={transition ?? DEFAULT_TRANSITION}
          imageSeconds={imageSeconds}
          onClose={() => setPreview(null)}
        />
      )}
    </Flex>
  );
}
