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
export type { IconProps } from './icons/icon';
export {
  AlbumIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ClockIcon,
  CloseIcon,
  DownloadedIcon,
  DownloadIcon,
  ErrorIcon,
  GripIcon,
  HeartIcon,
  HomeIcon,
  KeyboardIcon,
  LibraryIcon,
  LinkIcon,
  LockIcon,
  LogoMark,
  MinusCircleIcon,
  MoreIcon,
  NoteIcon,
  PersonIcon,
  PlusIcon,
  SearchIcon,
  SongsIcon,
  TagIcon,
  TuneIcon,
  UploadIcon,
  UserCircleIcon,
} from './icons/icons';
export {
  ForwardIcon,
  LyricsIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PreviousIcon,
  QueueIcon,
  RepeatIcon,
  RepeatOneIcon,
  RewindIcon,
  ShuffleIcon,
  VolumeHighIcon,
  VolumeLowIcon,
  VolumeOffIcon,
} from './icons/playback-icons';
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
