import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getEventBus } from '@tunafy/event-bus';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * Files dropped anywhere on the app by a logged-in user open the upload screen with them (issue 13), instead of
 * the browser replacing the app with the file. The upload screen's own drop zone handles its drops first (it
 * calls preventDefault), so those are not taken twice.
 */
export function useDropToUpload(enabled: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const over = (event: DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = 'copy';
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      const transfer = event.dataTransfer!;
      // Entries must be taken during the event (the list empties after it); reading them can wait.
      const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.()).filter((entry): entry is FileSystemEntry => !!entry);
      const files = [...transfer.files];
      navigate('/upload');
      getEventBus().publish('library:files-dropped', { entries, files });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [enabled, navigate]);
}
