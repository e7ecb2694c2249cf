import { useRef, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import {
  ArtistLinks,
  Button,
  CardsSkeleton,
  CheckboxField,
  ConfirmDialog,
  CopyButton,
  Cover,
  Dialog,
  EmptyState,
  ErrorState,
  FileField,
  Form,
  FormActions,
  FormAlert,
  HeroSkeleton,
  IconButton,
  Menu,
  ModalFocus,
  NoteIcon,
  RowsSkeleton,
  SubmitButton,
  TextAreaField,
  TextField,
  buttonClassName,
  dialogActionsClassName,
  iconButtonClassName,
  themeClassName,
  type CreditLinkProps,
} from '../index';
import * as ui from '../index';
import styles from './gallery.module.css';

const COLOURS = ['bg', 'surface', 'surface-raised', 'border', 'input-border', 'text', 'text-subdued', 'accent', 'accent-hover', 'error', 'danger', 'focus'];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function Tokens() {
  return (
    <div className={styles.swatches}>
      {COLOURS.map((name) => (
        <div key={name} className={styles.swatch}>
          <span className={styles.chip} style={{ background: `var(--ui-${name})` }} />
          --ui-{name}
        </div>
      ))}
    </div>
  );
}

const ICONS = (Object.entries(ui) as [string, unknown][]).filter((entry): entry is [string, ComponentType<SVGProps<SVGSVGElement>>] => /Icon$|^LogoMark$/.test(entry[0]));

/** Every icon of the set, at the player's size, with its component's name. */
function Icons() {
  return (
    <div className={styles.swatches}>
      {ICONS.map(([name, Icon]) => (
        <div key={name} className={styles.swatch}>
          <Icon width={24} height={24} />
          {name}
        </div>
      ))}
    </div>
  );
}

function FormDemo() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      className={styles.narrow}
      noValidate
      aria-label="Example form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name) return setError('Name is required (this is the form-level alert).');
        setError(null);
        setPending(true);
        setTimeout(() => setPending(false), 1200);
      }}
    >
      <FormAlert message={error} />
      <TextField label="Name" value={name} onValueChange={setName} error={error && !name ? 'Name is required' : undefined} />
      <TextAreaField label="Description" value={description} onValueChange={setDescription} />
      <FileField label="Cover" accept="image/*" onFile={() => undefined} hint="JPEG, PNG or WebP" />
      <CheckboxField label="Private" checked={isPrivate} onCheckedChange={setPrivate} hint="Only you can see it" />
      <FormActions>
        <SubmitButton label="Create" pending={pending} />
        <Button variant="secondary">Cancel</Button>
      </FormActions>
    </Form>
  );
}

function DialogDemo() {
  const [open, setOpen] = useState<'dialog' | 'confirm' | null>(null);
  return (
    <div className={styles.row}>
      <Button variant="secondary" onClick={() => setOpen('dialog')}>
        Open dialog
      </Button>
      <Button variant="danger" onClick={() => setOpen('confirm')}>
        Open confirm dialog
      </Button>
      {open === 'dialog' && (
        <Dialog title="Add to playlist" description="Choose where the song goes." onClose={() => setOpen(null)}>
          <TextField label="Search playlists" value="" onValueChange={() => undefined} />
          <div className={dialogActionsClassName} style={{ marginTop: 24 }}>
            <Button variant="secondary" size="small" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button size="small" onClick={() => setOpen(null)}>
              Add
            </Button>
          </div>
        </Dialog>
      )}
      {open === 'confirm' && (
        <ConfirmDialog
          title="Delete Playlist"
          message="Are you sure you want to delete this playlist?"
          confirmLabel="Delete"
          onConfirm={() => new Promise<void>((resolve) => setTimeout(resolve, 800)).then(() => setOpen(null))}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

function MenuDemo() {
  const [chosen, setChosen] = useState('nothing yet');
  const items = (labels: string[]) => labels.map((label) => ({ label, onSelect: () => setChosen(label), danger: label === 'Delete' }));
  return (
    <div className={styles.row}>
      <Menu label="More options for Blue Hour" title="More options for Blue Hour" triggerClassName={iconButtonClassName()} items={items(['Play next', 'Add to queue', 'Add to Playlist', 'Delete'])}>
        <span aria-hidden="true">⋯</span>
      </Menu>
      <Menu label="Profile: ann" menuLabel="Profile" align="end" triggerClassName={iconButtonClassName()} header={<strong>ann · ann@example.com</strong>} items={items(['Log Out'])}>
        <span aria-hidden="true">☺</span>
      </Menu>
      <p role="status">Chosen: {chosen}</p>
    </div>
  );
}

/** A modal that draws its own frame (as the phone's full-screen player does): focus starts on Close and stays inside. */
function ModalFocusDemo() {
  const [open, setOpen] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  return (
    <div>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Open the sheet
      </Button>
      {open && (
        <ModalFocus role="dialog" aria-modal="true" aria-label="Sheet" className={styles.sheet} initialFocus={close} onDismiss={() => setOpen(false)}>
          <button ref={close} type="button" className={buttonClassName('secondary')} onClick={() => setOpen(false)}>
            Close
          </button>
          <p>Tab and Shift+Tab stay in here; Escape closes it and focus goes back to the opener.</p>
          <Button>Another control</Button>
        </ModalFocus>
      )}
    </div>
  );
}

/** The gallery has no router: its links are plain anchors that go nowhere. */
function GalleryLink({ to, className, children }: CreditLinkProps) {
  return (
    <a href={`#${to}`} className={className}>
      {children}
    </a>
  );
}

/** `npm run dev -w @tunafy/ui`: every part of the design system on one page, with the tokens' fallbacks. */
export function Gallery() {
  const sections: [string, string, ReactNode][] = [
    ['tokens', 'Colour tokens', <Tokens key="tokens" />],
    [
      'buttons',
      'Buttons',
      <div key="buttons" className={styles.row}>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="danger">Danger</Button>
        <Button size="small">Small</Button>
        <Button disabled>Disabled</Button>
        <IconButton label="Icon button">
          <NoteIcon />
        </IconButton>
        <IconButton label="Active icon button" active>
          <NoteIcon />
        </IconButton>
        <IconButton label="Small icon button" size="small">
          <NoteIcon />
        </IconButton>
      </div>,
    ],
    ['icons', 'Icons (decorative: the control they sit in carries the name)', <Icons key="icons" />],
    [
      'copy',
      'Copy button (a value typed elsewhere: the Connected apps screen’s server URL and secret)',
      <div key="copy" className={styles.row}>
        <code>http://music.home:8080</code>
        <CopyButton text="http://music.home:8080" label="Copy server URL" />
      </div>,
    ],
    ['forms', 'Fields and forms', <FormDemo key="forms" />],
    ['dialogs', 'Dialogs', <DialogDemo key="dialogs" />],
    ['menus', 'Menus (Enter, arrows, typing a letter, Escape)', <MenuDemo key="menus" />],
    ['modal-focus', 'A modal of its own frame (ModalFocus)', <ModalFocusDemo key="modal-focus" />],
    [
      'covers',
      'Covers (an image; the placeholder when there is none or it fails)',
      <div key="covers" className={styles.row}>
        <Cover src={null} size={48} />
        <Cover src="/no-such-cover.png" size={64} shadow="small" />
        <Cover src={null} size={96} shadow="large" alt="No cover for Blue Hour" />
      </div>,
    ],
    [
      'artist-links',
      'Artist links (credited artists, else the owner)',
      <div key="artist-links">
        <p>
          <ArtistLinks link={GalleryLink} item={{ artist_id: 'u1', artist_username: 'ann', artists: [{ id: 'a1', name: 'Björk' }, { id: 'a2', name: 'Thom Yorke' }] }} />
        </p>
        <p>
          <ArtistLinks link={GalleryLink} item={{ artist_id: 'u1', artist_username: 'ann', artists: [] }} />
        </p>
      </div>,
    ],
    [
      'skeletons',
      'Skeletons',
      <div key="skeletons">
        <HeroSkeleton label="Loading album" withRows={false} />
        <RowsSkeleton rows={3} />
        <CardsSkeleton label="Loading playlists" count={4} />
      </div>,
    ],
    [
      'states',
      'Empty and error states',
      <div key="states">
        <EmptyState title="No playlists yet" text="Create one and it shows up here." actions={<Button size="small">Create Playlist</Button>} />
        <ErrorState title="Couldn’t load this album" text="Something went wrong. Please try again." actions={<Button size="small">Try again</Button>} />
      </div>,
    ],
  ];
  return (
    <div className={`${themeClassName} ${styles.page}`}>
      <nav className={styles.nav} aria-label="Parts">
        <strong>@tunafy/ui</strong>
        {sections.map(([id, title]) => (
          <a key={id} href={`#${id}`}>
            {title}
          </a>
        ))}
      </nav>
      <main className={styles.main}>
        {sections.map(([id, title, content]) => (
          <Section key={id} id={id} title={title}>
            {content}
          </Section>
        ))}
      </main>
    </div>
  );
}
