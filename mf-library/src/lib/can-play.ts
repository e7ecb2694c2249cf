import { AUDIO_FORMAT_INFO, type AudioFormat } from '@tunafy/contracts';

const answers = new Map<AudioFormat, boolean>();

/**
 * Whether this browser can play a song's format (Chrome and Firefox play no
 * ALAC, older Safari no Ogg). Asked once per format; canPlayType answers
 * "maybe" for what it can play, "" for what it cannot. Songs without a format
 * are mp3s from the single-song form. Without an Audio element (tests, old
 * engines) the answer is yes: a row never claims a failure it cannot know.
 */
export function canPlayFormat(format: AudioFormat | undefined): boolean {
  if (!format || format === 'mp3') return true;
  let answer = answers.get(format);
  if (answer === undefined) {
    answer = typeof Audio === 'undefined' ? true : new Audio().canPlayType(AUDIO_FORMAT_INFO[format].canPlayType) !== '';
    answers.set(format, answer);
  }
  return answer;
}

export function forgetPlayableFormats(): void {
  answers.clear();
}
