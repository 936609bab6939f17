// Telling a seat its turn has come while its tab is hidden: a short tone (made here with the
// Web Audio API) and a browser notification, when the player turned it on at the table (off by
// default, remembered in this browser) and, for the notification, allowed it.
import { useEffect, useRef, useState } from "preact/hooks";

const KEY = "cardroom.turn-alert";
const TONES = [880, 660];
const TONE_SECONDS = 0.14;

function alertsOn(): boolean {
  return localStorage.getItem(KEY) === "on";
}

let audio: AudioContext | null = null;

/** The page's one audio context, made (or resumed) on the player's click so that it may
 * sound later, when the tab is hidden. */
function audioContext(): AudioContext | null {
  if (typeof AudioContext === "undefined") return null;
  audio ??= new AudioContext();
  if (audio.state === "suspended") void audio.resume();
  return audio;
}

function playTone(): void {
  const context = audioContext();
  if (!context) return;
  TONES.forEach((frequency, index) => {
    const start = context.currentTime + index * TONE_SECONDS;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + TONE_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + TONE_SECONDS);
  });
}

function notify(title: string): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  new Notification("Your turn", { body: title, tag: "cardroom-turn" });
}

/** Sound and notify when the turn becomes the seat's while the tab is hidden. */
export function useTurnAlert(yourTurn: boolean, title: string): void {
  const before = useRef(false);
  useEffect(() => {
    const came = yourTurn && !before.current;
    before.current = yourTurn;
    if (!came || !document.hidden || !alertsOn()) return;
    playTone();
    notify(title);
  }, [yourTurn, title]);
}

/** The table's switch for the tone and notification on the seat's turn. */
export function TurnAlertToggle() {
  const [on, setOn] = useState(alertsOn);
  const toggle = (event: Event): void => {
    const checked = (event.currentTarget as HTMLInputElement).checked;
    localStorage.setItem(KEY, checked ? "on" : "off");
    setOn(checked);
    if (!checked) return;
    audioContext();
    if (typeof Notification !== "undefined" && Notification.permission === "default") {
      void Notification.requestPermission();
    }
  };
  return (
    <label class="turn-alert quiet">
      <input type="checkbox" data-testid="turn-alert" checked={on} onChange={toggle} /> tell me when it is my turn
    </label>
  );
}
