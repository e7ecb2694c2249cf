/** The confirmations' exact sentences (SPEC §8). */
export function deleteMessage(name: string): string {
  return `Are you sure? Deleting "${name}" cannot be reversed.`;
}

export function removeFromCollectionMessage(song: string): string {
  return `This will remove "${song}" from your collection.`;
}

export function removeFromListTitle(list: string): string {
  return `Removing from "${list}"`;
}

export function removeFromListMessage(song: string, list: string): string {
  return `"${song}" will no longer be in "${list}".`;
}
