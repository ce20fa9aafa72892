/** The new-lead beep: a static tone (public/sounds/beep.wav) at volume 0.2 (docs/product/live-connection.md#broadcasts). */
export const BEEP_URL = '/sounds/beep.wav';
export const BEEP_VOLUME = 0.2;

export function playBeep(createAudio: (src: string) => HTMLAudioElement = (src) => new Audio(src)): void {
  try {
    const audio = createAudio(BEEP_URL);
    audio.volume = BEEP_VOLUME;
    // Browsers refuse to play before the user has interacted with the page (autoplay policy): stay silent.
    void audio.play()?.catch(() => undefined);
  } catch {
    // No audio support: nothing to play.
  }
}
