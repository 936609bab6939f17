// The lobby's "play as" panel: register a handle once (its token is kept in this browser) so
// the seats taken from here count for that player, and quick play, a seat at the next table of
// a kind, as the player or under a casual name.
import { useState } from "preact/hooks";
import { call, sentence, type KindInfo, type Schemas } from "../http";
import { forgetPlayer, keepPlayer, usePlayer, type Player } from "../player";
import { Refused } from "../refused";
import { navigate } from "../router";
import { keepSeatToken } from "../seats";
import { rememberedName, rememberName } from "./seating";
import "./players.css";

type QuickSeat = Schemas["QuickSeat"];

export function PlayAs({ kinds }: { kinds: KindInfo[] }) {
  const player = usePlayer();
  const [name, setName] = useState(rememberedName());
  return (
    <section class="panel play-as" data-testid="play-as">
      <h2>Play as</h2>
      {player ? <Registered player={player} /> : <Register />}
      {player ? null : (
        <label class="field">
          <span class="field__name">casual name</span>
          <input name="casual-name" value={name} maxLength={40} onInput={(event) => setName(event.currentTarget.value)} />
          <span class="field__hint">for quick play without a player: the games count for nobody</span>
        </label>
      )}
      <h3>Quick play</h3>
      <div class="quickplay">
        {kinds.map((info) => (
          <QuickPlayButton info={info} player={player} name={name.trim()} />
        ))}
      </div>
    </section>
  );
}

function Registered({ player }: { player: Player }) {
  return (
    <p class="play-as__who">
      playing as <strong data-testid="handle">{player.handle}</strong>{" "}
      <button type="button" class="button button--quiet" data-testid="forget-player" onClick={forgetPlayer}>
        forget
      </button>
    </p>
  );
}

function Register() {
  const [handle, setHandle] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: Event): void => {
    event.preventDefault();
    setRefusal(null);
    call<Player>("/players", { method: "POST", body: { handle: handle.trim() } })
      .then(keepPlayer)
      .catch((error: unknown) => setRefusal(sentence(error)));
  };
  return (
    <form class="inline-form" onSubmit={submit}>
      <input name="handle" placeholder="your handle" value={handle} maxLength={40} required onInput={(event) => setHandle(event.currentTarget.value)} />
      <button type="submit" class="button" data-testid="register">
        register
      </button>
      <Refused sentence={refusal} />
    </form>
  );
}

function QuickPlayButton({ info, player, name }: { info: KindInfo; player: Player | null; name: string }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const play = async (): Promise<void> => {
    setRefusal(null);
    try {
      const body = player ? { kind: info.kind } : { kind: info.kind, name };
      const seat = await call<QuickSeat>("/quickplay", { method: "POST", token: player?.token ?? null, body });
      if (seat.token) keepSeatToken(seat.game_id, seat.token);
      if (!player) rememberName(name);
      navigate(`/play/${seat.game_id}`);
    } catch (error) {
      setRefusal(sentence(error));
    }
  };
  return (
    <span class="quickplay__kind">
      <button type="button" class="button" data-testid={`quickplay-${info.kind}`} disabled={!player && !name} onClick={() => void play()}>
        {info.title}
      </button>
      <Refused sentence={refusal} />
    </span>
  );
}
