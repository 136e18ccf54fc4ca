import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientRole } from '@shared/roles';
import type { Slide, Slideshow } from '@shared/schemas/slideshows';
import type { Space } from '@shared/schemas/venues';
import { MAX_SLIDES, SLIDE_TYPE_MESSAGE } from '@shared/slideshows';
import { renderApp } from '@web/test/renderApp';
import { shownToasts } from '@web/test/toasts';
import { aSpace, aVenue, ulidOf, venuesApi } from '../venues/testData';

const hall = aVenue(1, 'Hall A');
const roomA = aSpace(1, 'Room A', hall, { slideshow_id: ulidOf(7001), slideshow_status: 1 });
const listPath = `/client/slideshows/${roomA.id}`;
const uploadUrl = 'https://uploads.test/bucket';

function aSlide(n: number, type: Slide['file_type'] = 'image', overrides: Partial<Slide> = {}): Slide {
  const image = type === 'image';
  return {
    file: `slides/${n}.${image ? 'png' : 'mp4'}`,
    file_format: image ? 'png' : 'mp4',
    file_url: `https://files.test/slides/${n}`,
    file_type: type,
    order: n - 1,
    duration: image ? '00:00:10' : '00:00:30',
    duration_ms: image ? null : 30_000,
    size: 1000,
    ...overrides,
  };
}

function aSlideshow(n: number, name: string, slides: Slide[], overrides: Partial<Slideshow> = {}): Slideshow {
  return {
    id: ulidOf(7000 + n),
    space_id: roomA.id,
    name,
    transition: 'fade',
    duration: '00:00:10',
    randomize: 0,
    slideshow_status: 0,
    slides,
    slides_order: slides.map((slide) => slide.file),
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const lobby = aSlideshow(1, 'Lobby loop', [aSlide(1), aSlide(2), aSlide(3, 'video')], {
  slideshow_status: 1,
});
const night = aSlideshow(2, 'Night', []);

/**
 * The browser's XMLHttpRequest as the slide uploads use it: each send is kept, and answers 204
 * at once unless `hold` is set, when the test reports progress and ends it.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static hold = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    if (!FakeXhr.hold) setTimeout(() => this.finish());
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 } as ProgressEvent);
  }
  finish(status = 204) {
    this.status = status;
    this.onload?.();
  }
  abort() {
    this.onabort?.();
  }
}

/** jsdom has no object URLs: a stand-in that names the file. */
class PreviewURL extends URL {
  static override createObjectURL = (file: File) => `blob:${file.name}`;
  static override revokeObjectURL = () => {};
}

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.hold = false;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('URL', PreviewURL);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The spaces list with `space`, its slideshows answered, and uploads that give keys in turn. */
function slideshowApi(role: ClientRole, slideshows: Slideshow[] = [], space: Space = roomA) {
  let uploads = 0;
  return venuesApi(role, { spaces: [space] })
    .ok('GET', `/client/slideshows/${space.id}`, slideshows)
    .on('POST', '/client/uploads', (call) => {
      uploads += 1;
      const type = (call.body as { content_type: string }).content_type;
      const key = `uploads/new-${uploads}.${type === 'video/mp4' ? 'mp4' : 'png'}`;
      return { body: { result: { url: uploadUrl, fields: { key, policy: 'p' }, key } } };
    });
}

/** Opens the space's slideshow panel from its card. */
async function openSlideshows(title = 'Room A') {
  const app = renderApp('/c/venues?list=spaces');
  const card = await screen.findByRole('article', { name: title });
  await app.user.click(within(card).getByRole('button', { name: new RegExp(`^Slideshows of ${title}`) }));
  const dialog = await screen.findByRole('dialog', { name: `Slideshow | ${title}` });
  return { ...app, dialog, panel: within(dialog) };
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const mp4 = (name: string) => new File([new Uint8Array([0, 0, 0, 0x20])], name, { type: 'video/mp4' });

/** The tiles of the form, in order, each as its number and type line and its thumbnail's source. */
function tiles(panel: ReturnType<typeof within>) {
  return within(panel.getByRole('list', { name: 'Slides' }))
    .queryAllByRole('listitem')
    .filter((item) => item.getAttribute('aria-label')?.startsWith('Slide '))
    .map((item) => ({
      label: item.getAttribute('aria-label'),
      source: item.querySelector('img, video')?.getAttribute('src') ?? null,
      text: item.textContent ?? '',
    }));
}

describe('slideshow panel: the list', () => {
  it('opens from the space card, which says the slideshow is on, and lists the slideshows', async () => {
    slideshowApi('Account Admin', [lobby, night]);
    const { panel } = await openSlideshows();
    const list = await panel.findByRole('list', { name: 'Slideshows' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Lobby loop');
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('3 slides · 50 s in all');
    expect(second).toHaveAccessibleName('Night');
    expect(second).toHaveTextContent('Inactive');
    expect(second).toHaveTextContent('0 slides · 0 s in all');
  });

  it('names the card’s button by the slideshow state', async () => {
    slideshowApi('Venue Manager', [], aSpace(1, 'Room A', hall));
    renderApp('/c/venues?list=spaces');
    const card = await screen.findByRole('article', { name: 'Room A' });
    expect(
      within(card).getByRole('button', { name: 'Slideshows of Room A: No slideshow' }),
    ).toHaveTextContent('No slideshow');
  });

  it('deletes a slideshow only after “Delete this slideshow?”', async () => {
    const api = slideshowApi('Account Admin')
      .on('GET', listPath, { body: { result: [lobby, night] } }, { body: { result: [night] } })
      .ok('DELETE', `${listPath}/${lobby.id}`, null, 'Slideshow deleted');
    const { panel, user } = await openSlideshows();
    await user.click(await panel.findByRole('button', { name: 'Delete Lobby loop' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveAccessibleDescription('Delete this slideshow?');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(api.callsTo('DELETE', `${listPath}/${lobby.id}`)).toHaveLength(0);

    const spacesAsked = api.callsTo('GET', '/client/allspaces').length;
    await user.click(panel.getByRole('button', { name: 'Delete Lobby loop' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(shownToasts('success')).toEqual([{ title: 'Slideshow deleted', description: null }]),
    );
    await waitFor(() => expect(panel.queryByText('Lobby loop')).not.toBeInTheDocument());
    expect(panel.getByText('Night')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${listPath}/${lobby.id}`)).toHaveLength(1);
    // The space card's state follows.
    expect(api.callsTo('GET', '/client/allspaces').length).toBeGreaterThan(spacesAsked);
  });

  it.each([
    ['an Event Coordinator', 'Event Coordinator' as const, '/c/venues?list=spaces'],
    ['a Viewer', 'Viewer' as const, '/c/dashboard'],
  ])('is not offered to %s', async (_, role, path) => {
    const api = slideshowApi(role, [lobby]).ok('GET', '/client/upcomingbookings', []);
    renderApp(path);
    if (role === 'Event Coordinator') await screen.findByRole('article', { name: 'Room A' });
    else await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.queryByRole('button', { name: /Slideshows of/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/slideshow/i)).not.toBeInTheDocument();
    expect(api.callsTo('GET', listPath)).toHaveLength(0);
  });

  it('shows a Venue Manager not approved on the venue the state only', async () => {
    const denied = aSpace(1, 'Room A', hall, { permission: 'Denied' });
    slideshowApi('Venue Manager', [lobby], denied);
    renderApp('/c/venues?list=spaces');
    const card = await screen.findByRole('article', { name: 'Room A' });
    expect(within(card).getByText('No slideshow')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Slideshows of/ })).not.toBeInTheDocument();
  });
});

describe('slideshow panel: the form', () => {
  it('creates a slideshow: uploads with progress, waits for them, and sends the slides in order', async () => {
    FakeXhr.hold = true;
    const saved = aSlideshow(3, 'Welcome', [aSlide(1), aSlide(2, 'video')]);
    const api = slideshowApi('Account Admin')
      .on('GET', listPath, { body: { result: [] } }, { body: { result: [saved] } })
      .ok('POST', listPath, saved, 'Slideshow saved');
    const { panel, user } = await openSlideshows();
    expect(await panel.findByText('No slideshows yet.')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Add new' }));
    const form = within(await panel.findByRole('form', { name: 'New slideshow' }));

    await user.type(form.getByLabelText(/Name/), 'Welcome');
    expect(
      within(form.getByLabelText('Transition'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toHaveLength(23);
    await user.selectOptions(form.getByLabelText('Transition'), 'Slide Left');
    await user.selectOptions(form.getByLabelText('Duration of each image'), '20 seconds');
    await user.click(form.getByRole('switch', { name: /Active/ }));
    await user.upload(form.getByLabelText('Slide files'), [png('hello.png'), mp4('tour.mp4')]);

    expect(api.callsTo('POST', '/client/uploads').map((call) => call.body)).toEqual([
      { purpose: 'slide', content_type: 'image/png', size: 4 },
      { purpose: 'slide', content_type: 'video/mp4', size: 4 },
    ]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[0]!.url).toBe(uploadUrl);
    expect([...FakeXhr.sent[0]!.body!.keys()]).toEqual(['key', 'policy', 'file']);
    act(() => FakeXhr.sent[0]!.progress(0.4));
    expect(form.getByRole('progressbar', { name: 'Upload of slide 1' })).toHaveValue(40);
    expect(form.getByText('Uploading 40%')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(form.getByText('Saving waits for the uploads to finish.')).toBeInTheDocument();

    act(() => FakeXhr.sent[0]!.finish());
    act(() => FakeXhr.sent[1]!.finish());
    await waitFor(() => expect(form.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(form.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(tiles(form)).toEqual([
      { label: 'Slide 1', source: 'blob:hello.png', text: expect.stringContaining('1. Image20 seconds') },
      {
        label: 'Slide 2',
        source: 'blob:tour.mp4',
        text: expect.stringContaining('2. Videolength read on save'),
      },
    ]);

    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(shownToasts('success')).toEqual([{ title: 'Slideshow saved', description: null }]),
    );
    expect(api.callsTo('POST', listPath)[0]!.body).toEqual({
      name: 'Welcome',
      transition: 'slide-left',
      duration: '00:00:20',
      randomize: 0,
      slideshow_status: 1,
      slides: [
        { file: 'uploads/new-1.png', order: 0 },
        { file: 'uploads/new-2.mp4', order: 1 },
      ],
      slides_order: ['uploads/new-1.png', 'uploads/new-2.mp4'],
    });
    // Back to the list, read again.
    expect(await panel.findByRole('listitem', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('asks for a name before saving', async () => {
    const api = slideshowApi('Account Admin');
    const { panel, user } = await openSlideshows();
    await user.click(await panel.findByRole('button', { name: 'Add new' }));
    const form = within(await panel.findByRole('form', { name: 'New slideshow' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Field is required')).toBeInTheDocument();
    expect(api.callsTo('POST', listPath)).toHaveLength(0);
  });

  it('edits a slideshow: a slide goes only after “Delete this slide?” is answered Yes', async () => {
    const api = slideshowApi('Account Admin', [lobby]).ok(
      'POST',
      `${listPath}/${lobby.id}`,
      lobby,
      'Slideshow saved',
    );
    const { panel, user } = await openSlideshows();
    await user.click(await panel.findByRole('button', { name: 'Edit Lobby loop' }));
    const form = within(await panel.findByRole('form', { name: 'Edit slideshow Lobby loop' }));
    expect(form.getByLabelText(/Name/)).toHaveValue('Lobby loop');
    expect(tiles(form).map((tile) => tile.source)).toEqual([
      'https://files.test/slides/1',
      'https://files.test/slides/2',
      'https://files.test/slides/3',
    ]);
    expect(tiles(form)[2]!.text).toContain('3. Video30 s');

    await user.click(form.getByRole('button', { name: 'Delete slide 2' }));
    let question = await screen.findByRole('alertdialog');
    expect(question).toHaveAccessibleDescription('Delete this slide?');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(tiles(form)).toHaveLength(3);

    await user.click(form.getByRole('button', { name: 'Delete slide 2' }));
    question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(tiles(form).map((tile) => tile.source)).toEqual([
      'https://files.test/slides/1',
      'https://files.test/slides/3',
    ]);

    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${listPath}/${lobby.id}`)).toHaveLength(1));
    expect(api.callsTo('POST', `${listPath}/${lobby.id}`)[0]!.body).toMatchObject({
      name: 'Lobby loop',
      slides: [
        { file: 'slides/1.png', order: 0 },
        { file: 'slides/3.mp4', order: 1 },
      ],
      slides_order: ['slides/1.png', 'slides/3.mp4'],
    });
  });

  it('hides the add tile at 15 slides, and adds only as many files as fit', async () => {
    const almostFull = aSlideshow(
      4,
      'Gallery',
      Array.from({ length: MAX_SLIDES - 1 }, (_, i) => aSlide(i + 1)),
    );
    slideshowApi('Account Admin', [almostFull]);
    const { panel, user } = await openSlideshows();
    await user.click(await panel.findByRole('button', { name: 'Edit Gallery' }));
    const form = within(await panel.findByRole('form', { name: 'Edit slideshow Gallery' }));
    expect(form.getByText('Slides (14 of 15)')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Add slides' })).toBeInTheDocument();

    await user.upload(form.getByLabelText('Slide files'), [png('a.png'), png('b.png')]);
    expect(form.getByText('Slides (15 of 15)')).toBeInTheDocument();
    expect(form.queryByRole('button', { name: 'Add slides' })).not.toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent(
      'b.png was not added: a slideshow holds at most 15 slides',
    );

    await user.click(form.getByRole('button', { name: 'Delete slide 15' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(form.getByRole('button', { name: 'Add slides' })).toBeInTheDocument();
  });

  it('refuses a file of another type, and a file too large, before uploading', async () => {
    const api = slideshowApi('Account Admin', [lobby]);
    const { panel } = await openSlideshows();
    // A person may pick "All files" in the browser's dialog.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await panel.findByRole('button', { name: 'Edit Lobby loop' }));
    const form = within(await panel.findByRole('form', { name: 'Edit slideshow Lobby loop' }));
    await user.upload(
      form.getByLabelText('Slide files'),
      new File(['GIF89a'], 'wave.gif', { type: 'image/gif' }),
    );
    expect(form.getByRole('alert')).toHaveTextContent(SLIDE_TYPE_MESSAGE);

    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(form.getByLabelText('File for slide 1'), huge);
    expect(form.getByRole('alert')).toHaveTextContent(
      'huge.png is larger than 10 MB, the most an image may be',
    );
    expect(tiles(form)).toHaveLength(3);
    expect(tiles(form)[0]!.source).toBe('https://files.test/slides/1');
    expect(api.callsTo('POST', '/client/uploads')).toHaveLength(0);
  });

  it('replaces a slide’s file', async () => {
    const api = slideshowApi('Account Admin', [lobby]).ok(
      'POST',
      `${listPath}/${lobby.id}`,
      lobby,
      'Slideshow saved',
    );
    const { panel, user } = await openSlideshows();
    await user.click(await panel.findByRole('button', { name: 'Edit Lobby loop' }));
    const form = within(await panel.findByRole('form', { name: 'Edit slideshow Lobby loop' }));
    await user.upload(form.getByLabelText('File for slide 2'), mp4('intro.mp4'));
    expect(tiles(form)[1]).toMatchObject({
      source: 'blob:intro.mp4',
      text: expect.stringContaining('2. Video'),
    });
    await waitFor(() => expect(form.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${listPath}/${lobby.id}`)).toHaveLength(1));
    expect(api.callsTo('POST', `${listPath}/${lobby.id}`)[0]!.body).toMatchObject({
      slides_order: ['slides/1.png', 'uploads/new-1.mp4', 'slides/3.mp4'],
    });
  });

  it('puts the API’s word on a file under its tile, and saves once that slide is gone', async () => {
    const api = slideshowApi('Account Admin', [lobby]).on(
      'POST',
      `${listPath}/${lobby.id}`,
      { status: 422, body: { message: { 'slides.1.file': SLIDE_TYPE_MESSAGE } } },
      { body: { result: lobby, message: 'Slideshow saved' } },
    );
    const { panel, user } = await openSlideshows();
    await user.click(await panel.findByRole('button', { name: 'Edit Lobby loop' }));
    const form = within(await panel.findByRole('form', { name: 'Edit slideshow Lobby loop' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    const tile = await form.findByRole('listitem', { name: 'Slide 2' });
    await waitFor(() => expect(tile).toHaveAccessibleDescription(SLIDE_TYPE_MESSAGE));
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(form.getByText('Replace or delete the slides marked with an error to save.')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Delete slide 2' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${listPath}/${lobby.id}`)).toHaveLength(2));
    expect(api.callsTo('POST', `${listPath}/${lobby.id}`)[1]!.body).toMatchObject({
      slides_order: ['slides/1.png', 'slides/3.mp4'],
    });
  });

  it('moves a slide from the keyboard (Space, arrow, Space) and sends the new order', async () => {
    // jsdom lays nothing out: the tiles stand in a row, 200 px apart.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const list = this.parentElement;
      const index = list?.getAttribute('aria-label') === 'Slides' ? [...list.children].indexOf(this) : -1;
      const left = index < 0 ? 0 : index * 200;
      const width = index < 0 ? 0 : 180;
      const height = index < 0 ? 0 : 120;
      return {
        x: left,
        y: 0,
        left,
        top: 0,
        width,
        height,
        right: left + width,
        bottom: height,
        toJSON: () => ({}),
      };
    });
    const api = slideshowApi('Account Admin', [lobby]).ok(
      'POST',
      `${listPath}/${lobby.id}`,
      lobby,
      'Slideshow saved',
    );
    const { panel, user } = await openSlideshows();
    await user.click(await panel.findByRole('button', { name: 'Edit Lobby loop' }));
    const form = within(await panel.findByRole('form', { name: 'Edit slideshow Lobby loop' }));

    act(() => form.getByRole('button', { name: 'Move slide 1' }).focus());
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    await waitFor(() =>
      expect(tiles(form).map((tile) => tile.source)).toEqual([
        'https://files.test/slides/2',
        'https://files.test/slides/1',
        'https://files.test/slides/3',
      ]),
    );

    // Escape cancels a drag, and leaves the side panel open.
    act(() => form.getByRole('button', { name: 'Move slide 3' }).focus());
    await user.keyboard(' ');
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Slideshow | Room A' })).toBeInTheDocument();
    expect(tiles(form).map((tile) => tile.source)).toEqual([
      'https://files.test/slides/2',
      'https://files.test/slides/1',
      'https://files.test/slides/3',
    ]);

    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', `${listPath}/${lobby.id}`)).toHaveLength(1));
    expect(api.callsTo('POST', `${listPath}/${lobby.id}`)[0]!.body).toMatchObject({
      slides: [
        { file: 'slides/2.png', order: 0 },
        { file: 'slides/1.png', order: 1 },
        { file: 'slides/3.mp4', order: 2 },
      ],
      slides_order: ['slides/2.png', 'slides/1.png', 'slides/3.mp4'],
    });
  });

  it('previews from a tile with the chosen transition; Escape closes the preview, not the panel', async () => {
    slideshowApi('Account Admin', [lobby]);
    const { panel, user } = await openSlideshows();
    await user.click(await panel.findByRole('button', { name: 'Edit Lobby loop' }));
    const form = within(await panel.findByRole('form', { name: 'Edit slideshow Lobby loop' }));
    await user.selectOptions(form.getByLabelText('Transition'), 'Cube');
    const opener = form.getByRole('button', { name: 'Preview slide 2' });
    await user.click(opener);

    const preview = await screen.findByRole('dialog', { name: 'Preview: Lobby loop' });
    expect(within(preview).getByText('Slide 2 of 3 · Cube')).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: 'Slide 2' })).toHaveAttribute(
      'src',
      'https://files.test/slides/2',
    );
    expect(within(preview).getByRole('img', { name: 'Slide 2' }).parentElement).toHaveClass(
      'slide-enter-cube',
    );
    await user.click(within(preview).getByRole('button', { name: 'Next' }));
    expect(within(preview).getByText('Slide 3 of 3 · Cube')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Preview: Lobby loop' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Slideshow | Room A' })).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
