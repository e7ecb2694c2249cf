// The public surface of @tunafy/ui: tokens (as a class that declares them) and the UI parts every remote shares.
export { themeClassName, visuallyHiddenClassName } from './theme/theme';
export { Button, IconButton, buttonClassName, iconButtonClassName, type ButtonSize, type ButtonVariant } from './button/button';
export { TextField, TextAreaField, FileField, CheckboxField } from './field/fields';
export { FileButton } from './field/file-button';
export { RadioGroupField, type RadioGroupFieldProps, type RadioOption } from './field/radio-group-field';
export { Form, FormActions, FormAlert, SubmitButton } from './form/form';
export { Dialog, dialogActionsClassName, dialogErrorClassName, preloadDialog, type DialogProps } from './dialog/dialog';
export { ConfirmDialog } from './dialog/confirm-dialog';
export { Menu, preloadMenu, type MenuItem, type MenuProps } from './menu/menu';
export { focusableIn, focusInside } from './focus/focus';
export { ModalFocus, type ModalFocusProps } from './modal-focus/modal-focus';
export { Skeleton, SkeletonBlock, RowsSkeleton, HeroSkeleton, CardsSkeleton } from './skeleton/skeleton';
export { EmptyState, ErrorState, LoginRequired, type RouterLink } from './states/states';
export { Cover, coverClassNames, coverSrcSet, FLUID_COVER_SIZES, type CoverPriority, type CoverProps } from './cover/cover';
export { CopyButton, copyText } from './copy-button/copy-button';
// Icons: one module each, so a chunk carries only the icons its own screens draw (a module's exports are kept for
// every chunk it lands in).
export type { IconProps } from './icons/icon';
export { AlbumIcon } from './icons/album-icon';
export { ArrowDownIcon } from './icons/arrow-down-icon';
export { ArrowUpIcon } from './icons/arrow-up-icon';
export { ChevronDownIcon } from './icons/chevron-down-icon';
export { ChevronLeftIcon } from './icons/chevron-left-icon';
export { ChevronRightIcon } from './icons/chevron-right-icon';
export { ClockIcon } from './icons/clock-icon';
export { CloseIcon } from './icons/close-icon';
export { DownloadIcon } from './icons/download-icon';
export { DownloadedIcon } from './icons/downloaded-icon';
export { ErrorIcon } from './icons/error-icon';
export { ForwardIcon } from './icons/forward-icon';
export { GripIcon } from './icons/grip-icon';
export { HeartIcon } from './icons/heart-icon';
export { HomeIcon } from './icons/home-icon';
export { KeyboardIcon } from './icons/keyboard-icon';
export { LibraryIcon } from './icons/library-icon';
export { LinkIcon } from './icons/link-icon';
export { LockIcon } from './icons/lock-icon';
export { LogoMark } from './icons/logo-mark';
export { LyricsIcon } from './icons/lyrics-icon';
export { MinusCircleIcon } from './icons/minus-circle-icon';
export { MoreIcon } from './icons/more-icon';
export { NextIcon } from './icons/next-icon';
export { NoteIcon } from './icons/note-icon';
export { PauseIcon } from './icons/pause-icon';
export { PersonIcon } from './icons/person-icon';
export { PlayIcon } from './icons/play-icon';
export { PlusIcon } from './icons/plus-icon';
export { PreviousIcon } from './icons/previous-icon';
export { QueueIcon } from './icons/queue-icon';
export { RepeatIcon } from './icons/repeat-icon';
export { RepeatOneIcon } from './icons/repeat-one-icon';
export { RewindIcon } from './icons/rewind-icon';
export { SearchIcon } from './icons/search-icon';
export { ShuffleIcon } from './icons/shuffle-icon';
export { SongsIcon } from './icons/songs-icon';
export { TagIcon } from './icons/tag-icon';
export { TuneIcon } from './icons/tune-icon';
export { UploadIcon } from './icons/upload-icon';
export { UserCircleIcon } from './icons/user-circle-icon';
export { VolumeHighIcon } from './icons/volume-high-icon';
export { VolumeLowIcon } from './icons/volume-low-icon';
export { VolumeOffIcon } from './icons/volume-off-icon';
export {
  ArtistLinks,
  artistPagePath,
  creditNames,
  creditsOf,
  userPagePath,
  type ArtistLinksProps,
  type Credit,
  type CreditLinkProps,
  type Credited,
  type CreditedArtist,
} from './artist-links/artist-links';
