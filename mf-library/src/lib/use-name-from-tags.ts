import { useEffect, useRef } from 'react';
import { readAudio } from './read-audio';

/**
 * For the single-song forms: when an audio file is chosen and the name field
 * is still empty, the file's title tag fills it (issue 13). The tag reader is
 * loaded on first use; a file it cannot read changes nothing.
 */
export function useNameFromTags(name: string, setName: (name: string) => void): (file: File | null) => void {
  const current = useRef({ name, setName });
  useEffect(() => {
    current.current = { name, setName };
  });
  return (file) => {
    if (!file || current.current.name.trim()) return;
    readAudio(file)
      .then(({ tags }) => {
        // The user may have typed a name while the file was read: theirs wins.
        if (tags.title && !current.current.name.trim()) current.current.setName(tags.title);
      })
      .catch(() => {});
  };
}
