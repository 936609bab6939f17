// The form that opens a table: its kind, its size and options (from `GET /games/kinds`), the
// clock for kinds with turns, the first seat taken under the page's one name (`useYourName`,
// unless they play as a registered player), and the bots, if any, for the others, with their pace; or the other
// seats left open for people, the game starting when they are all taken if the host likes.
import { useState } from "preact/hooks";
import { call, sentence, type GameCreated, type KindInfo } from "../http";
import { usePlayer } from "../player";
import { Refused } from "../refused";
import { navigate } from "../router";
import { ClockFields, clockOption, NO_CLOCK, type ClockChoice } from "./clock";
import { OptionFields, defaultTexts, optionValues, type OptionTexts } from "./options";
import { BOT_KINDS, seatBot, takeSeat, useYourName } from "./seating";
import { hostToken } from "../seats";

const NO_BOTS = "none";
const SERVICE_PACE = "";
/** The bots' paces a host may choose (seconds between a change and a bot's move; the
 * service's own when empty): CNO has no turns, so its bots are easy or normal opponents. */
const PACES: Record<"turns" | "real_time", [string, string, string][]> = {
  turns: [
    [SERVICE_PACE, "watchable", "a moment before each bot's move, to see it"],
    ["0", "quick", "bots move at once"],
  ],
  real_time: [
    [SERVICE_PACE, "normal", "each bot plays about twice a second"],
    ["1.5", "easy", "each bot plays once in a second and a half"],
  ],
};

export function CreateTable({ kinds }: { kinds: KindInfo[] }) {
  // Seats and options are kept per kind, so switching kinds never races a person's typing.
  const [kind, setKind] = useState("");
  const [seatsByKind, setSeatsByKind] = useState<Record<string, number>>({});
  const [textsByKind, setTextsByKind] = useState<Record<string, OptionTexts>>({});
  const [clockByKind, setClockByKind] = useState<Record<string, ClockChoice>>({});
  const [name] = useYourName();
  const player = usePlayer();
  const [bots, setBots] = useState<string>("heuristic");
  const [pace, setPace] = useState<Record<string, string>>({});
  const [startWhenFull, setStartWhenFull] = useState(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const info = kinds.find((k) => k.kind === kind) ?? kinds[0];
  if (!info) return <section class="panel">Loading the games...</section>;
  const seats = seatsByKind[info.kind] ?? info.min_seats;
  const texts = textsByKind[info.kind] ?? defaultTexts(info.options_schema);
  const clock = info.clock_schema === null ? NO_CLOCK : (clockByKind[info.kind] ?? NO_CLOCK);
  const setSeats = (count: number): void => setSeatsByKind({ ...seatsByKind, [info.kind]: count });
  const paces = PACES[info.clock_schema === null ? "real_time" : "turns"];
  const paceChosen = pace[info.kind] ?? SERVICE_PACE;
  const setText = (field: string, text: string): void =>
    setTextsByKind({ ...textsByKind, [info.kind]: { ...texts, [field]: text } });

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      const timed = clockOption(clock);
      const setup = bots === NO_BOTS ? { start_when_full: startWhenFull } : paceOption(paceChosen);
      const options = { ...optionValues(info.options_schema, texts), ...(timed ? { clock: timed } : {}), seats, ...setup };
      const created = await call<GameCreated>("/games", { method: "POST", body: { kind: info.kind, options } });
      await takeSeat(created.id, name.trim());
      const host = hostToken(created.id);
      for (let seat = 1; seat < seats && bots !== NO_BOTS; seat++) await seatBot(created.id, bots, host);
      navigate(`/play/${created.id}`);
    } catch (error) {
      setRefusal(sentence(error));
      setBusy(false);
    }
  };
  return (
    <section class="panel">
      <h2>Open a table</h2>
      <form class="create-form" data-testid="create-table" onSubmit={(event) => void submit(event)}>
        <label class="field">
          <span class="field__name">game</span>
          <select name="kind" value={info.kind} onChange={(event) => setKind(event.currentTarget.value)}>
            {kinds.map((k) => (
              <option value={k.kind}>{k.title}</option>
            ))}
          </select>
          <span class="field__hint" data-testid="kind-blurb">{info.blurb}</span>
        </label>
        <label class="field">
          <span class="field__name">seats</span>
          <input type="number" name="seats" value={seats} min={info.min_seats} max={info.max_seats} required onInput={(event) => setSeats(Number(event.currentTarget.value))} />
          <span class="field__hint">the table's size, you included: {info.min_seats} to {info.max_seats}</span>
        </label>
        <OptionFields kind={info.kind} schema={info.options_schema} texts={texts} change={setText} replace={(all) => setTextsByKind({ ...textsByKind, [info.kind]: all })} />
        {info.clock_schema === null ? null : <ClockFields choice={clock} change={(choice) => setClockByKind({ ...clockByKind, [info.kind]: choice })} />}
        <p class="quiet seated-as" data-testid="seated-as">
          {player ? `You sit down as ${player.handle}.` : name.trim() ? `You sit down as ${name.trim()} (your name, above).` : "Give your name above to open a table."}
        </p>
        <label class="field">
          <span class="field__name">other seats</span>
          <select name="bots" value={bots} onChange={(event) => setBots(event.currentTarget.value)}>
            {BOT_KINDS.map((bot) => (
              <option value={bot}>{bot} bots</option>
            ))}
            <option value={NO_BOTS}>left open for people</option>
          </select>
        </label>
        {bots === NO_BOTS ? (
          <label class="field">
            <span class="field__name">start</span>
            <input type="checkbox" name="start_when_full" checked={startWhenFull} onChange={(event) => setStartWhenFull(event.currentTarget.checked)} />
            <span class="field__hint">as soon as every seat is taken</span>
          </label>
        ) : (
          <label class="field">
            <span class="field__name">bots' pace</span>
            <select name="bot_pace" value={paceChosen} onChange={(event) => setPace({ ...pace, [info.kind]: event.currentTarget.value })}>
              {paces.map(([value, words]) => (
                <option value={value}>{words}</option>
              ))}
            </select>
            <span class="field__hint">{paces.find(([value]) => value === paceChosen)?.[2]}</span>
          </label>
        )}
        <button type="submit" class="button button--main" disabled={busy || (!player && !name.trim())}>
          open the table
        </button>
        <Refused sentence={refusal} />
      </form>
    </section>
  );
}

function paceOption(chosen: string): { bot_pace?: number } {
  return chosen === SERVICE_PACE ? {} : { bot_pace: Number(chosen) };
}
