import type { PickedFile } from './review';

/** Files from an `<input type=file>` (a folder picker gives each file's path inside the folder). */
export function pickedFromInput(files: FileList | null): PickedFile[] {
  return [...(files ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/**
 * Files from a drop, walking dropped folders (the entries API: DataTransfer's
 * file list holds a dropped folder as one unreadable item).
 */
export function pickedFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.()).filter((entry): entry is FileSystemEntry => !!entry);
  return pickedFromEntries(entries, [...transfer.files]);
}

/** A drop's entries (taken during the drop event; reading them may come later), else its plain files. */
export async function pickedFromEntries(entries: FileSystemEntry[], files: File[]): Promise<PickedFile[]> {
  if (entries.length === 0) return files.map((file) => ({ file, path: file.name }));
  const picked: PickedFile[] = [];
  await Promise.all(entries.map((entry) => walk(entry, picked)));
  return picked;
}

async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    into.push({ file, path: entry.fullPath.replace(/^\//, '') });
    return;
  }
  if (!entry.isDirectory || entry.name.startsWith('.')) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers a batch at a time (100 in Chrome) until it answers an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    await Promise.all(batch.filter((child) => !child.name.startsWith('.')).map((child) => walk(child, into)));
  }
}
