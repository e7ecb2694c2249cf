// The share page's and the embed's player (docs/shares.md): a plain script over the server-rendered page, no
// framework, so the page stays a few kilobytes. It reads the share from the page's JSON and drives one <audio>.

interface SharedSongData {
  id: string;
  name: string;
  duration: number;
  stream_url: string;
  can_play_type: string;
}

(() => {
  const dataElement = document.getElementById('share-data');
  const audio = document.querySelector('audio');
  const controls = document.querySelector<HTMLElement>('.controls');
  if (!dataElement || !audio || !controls) return;
  const songs = (JSON.parse(dataElement.textContent || '{}').songs || []) as SharedSongData[];
  if (songs.length === 0) return;

  const playButton = controls.querySelector<HTMLButtonElement>('.play')!;
  const prevButton = controls.querySelector<HTMLButtonElement>('.prev')!;
  const nextButton = controls.querySelector<HTMLButtonElement>('.next')!;
  const time = controls.querySelector<HTMLElement>('.time')!;
  const trackButtons = Array.from(document.querySelectorAll<HTMLButtonElement>('.tracks button'));
  const PLAY_ICON = playButton.innerHTML;
  const PAUSE_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 4h4v16H6zM14 4h4v16h-4z"/></svg>';
  let current = 0;

  document.documentElement.classList.add('js');
  audio.removeAttribute('controls');
  controls.hidden = false;
  if (songs.length < 2) {
    prevButton.hidden = true;
    nextButton.hidden = true;
  }

  const clock = (seconds: number) => {
    const whole = Math.max(0, Math.floor(seconds || 0));
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  };
  // A format this browser cannot decode (ALAC in Chromium) is asked for as MP3, which every browser plays.
  const sourceOf = (song: SharedSongData) => (audio.canPlayType(song.can_play_type) ? song.stream_url : `${song.stream_url}?format=mp3`);

  const show = () => {
    const playing = !audio.paused;
    playButton.innerHTML = playing ? PAUSE_ICON : PLAY_ICON;
    playButton.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    trackButtons.forEach((button, index) => {
      button.classList.toggle('current', index === current);
      if (index === current) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    });
  };

  const load = (index: number, autoplay: boolean) => {
    current = (index + songs.length) % songs.length;
    audio.src = sourceOf(songs[current]!);
    time.textContent = `0:00 / ${clock(songs[current]!.duration)}`;
    if (autoplay) void audio.play().catch(() => show());
    show();
  };

  audio.src = sourceOf(songs[0]!);
  time.textContent = `0:00 / ${clock(songs[0]!.duration)}`;
  playButton.addEventListener('click', () => {
    if (audio.paused) void audio.play().catch(() => show());
    else audio.pause();
  });
  prevButton.addEventListener('click', () => load(audio.currentTime > 3 ? current : current - 1, true));
  nextButton.addEventListener('click', () => load(current + 1, true));
  trackButtons.forEach((button) => button.addEventListener('click', () => load(Number(button.dataset.index), true)));
  audio.addEventListener('play', show);
  audio.addEventListener('pause', show);
  audio.addEventListener('timeupdate', () => {
    time.textContent = `${clock(audio.currentTime)} / ${clock(audio.duration || songs[current]!.duration)}`;
  });
  audio.addEventListener('ended', () => {
    if (current + 1 < songs.length) load(current + 1, true);
    else show();
  });
  show();
})();
