// The lobby's "play as" panel: register a handle once (its token is kept in this browser) so
// the seats taken from here count for that player, sign in with that token on another
// browser, and quick play, a seat at the next table of a kind, as the player or under a
// casual name. Forgetting the player asks first and offers the token to keep.
import { useState } from "preact/hooks";
import { call, sentence, type KindInfo, type Schemas } from "../http";
import { forgetPlayer, keepPlayer, usePlayer, type Player } from "../player";
import { Refused } from "../refused";
import { Link, navigate } from "../router";
import { keepSeatToken } from "../seats";
import { BOT_KINDS, rememberedName, rememberName } from "./seating";
import { keepBotsDue } from "./waiting";
import "./players.css";

type QuickSeat = Schemas["QuickSeat"];
type SignedIn = Schemas["PlayerSignedIn"];

/** Quick play waits for people, or for people and then bots of the kind chosen. */
const WAIT_FOR_PEOPLE = "";
const BOTS_AFTER = 15;

export function PlayAs({ kinds }: { kinds: KindInfo[] }) {
  const player = usePlayer();
  const [name, setName] = useState(rememberedName());
  const [bots, setBots] = useState(WAIT_FOR_PEOPLE);
  return (
    <section class="panel play-as" data-testid="play-as">
      <h2>Play as</h2>
      {player ? <Registered player={player} /> : <><Register /><SignIn /></>}
      {player ? null : (
        <label class="field">
          <span class="field__name">casual name</span>
          <input name="casual-name" value={name} maxLength={40} onInput={(event) => setName(event.currentTarget.value)} />
          <span class="field__hint">for quick play without a player: the games count for nobody</span>
        </label>
      )}
      <h3>Quick play</h3>
      <label class="field">
        <span class="field__name">if nobody comes in {BOTS_AFTER} s</span>
        <select name="quickplay-bots" value={bots} onChange={(event) => setBots(event.currentTarget.value)}>
          <option value={WAIT_FOR_PEOPLE}>wait for people</option>
          {BOT_KINDS.map((bot) => (
            <option value={bot}>{bot} bots take the seats</option>
          ))}
        </select>
      </label>
      <div class="quickplay">
        {kinds.map((info) => (
          <QuickPlayButton info={info} player={player} name={name.trim()} bots={bots} />
        ))}
      </div>
    </section>
  );
}

function Registered({ player }: { player: Player }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <p class="play-as__who">
        playing as <strong data-testid="handle">{player.handle}</strong>{" "}
        <Link href={`/people/${encodeURIComponent(player.handle)}`}>your record</Link>{" "}
        <button type="button" class="button button--quiet" data-testid="forget-player" aria-expanded={asking} onClick={() => setAsking(!asking)}>
          forget
        </button>
      </p>
      {asking ? <ForgetFirst player={player} keep={() => setAsking(false)} /> : null}
    </>
  );
}

/** Forgetting asks first: without the token the handle cannot be played again, so it is
 * shown to copy or save, for signing in again here or on another browser. */
function ForgetFirst({ player, keep }: { player: Player; keep: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = (): void => {
    navigator.clipboard.writeText(player.token).then(() => setCopied(true), () => setCopied(false));
  };
  const saved = `data:text/plain;charset=utf-8,${encodeURIComponent(`${player.handle}\n${player.token}\n`)}`;
  return (
    <div class="forget" role="alertdialog" aria-labelledby="forget-title" data-testid="forget-confirm">
      <p id="forget-title">
        <strong>Forget {player.handle} in this browser?</strong> To play as {player.handle} again, here or on
        another browser, you will need this token. Nobody can give it to you again.
      </p>
      <label class="field">
        <span class="field__name">your token</span>
        <input readOnly value={player.token} data-testid="player-token" onFocus={(event) => event.currentTarget.select()} />
      </label>
      <div class="inline-form">
        <button type="button" class="button button--quiet" onClick={copy}>{copied ? "copied" : "copy the token"}</button>
        <a class="button button--quiet" href={saved} download={`cardroom-${player.handle}.txt`}>save it to a file</a>
        <button type="button" class="button button--danger" data-testid="forget-confirmed" onClick={forgetPlayer}>
          forget {player.handle}
        </button>
        <button type="button" class="button" onClick={keep}>keep playing as {player.handle}</button>
      </div>
    </div>
  );
}

/** Signing in with a token kept from another browser (or from before forgetting). */
function SignIn() {
  const [token, setToken] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: Event): void => {
    event.preventDefault();
    setRefusal(null);
    const kept = token.trim();
    call<SignedIn>("/player", { token: kept })
      .then((signed) => keepPlayer({ handle: signed.handle, token: kept }))
      .catch((error: unknown) => setRefusal(sentence(error)));
  };
  return (
    <details class="sign-in">
      <summary>I have a token</summary>
      <form class="inline-form" onSubmit={submit} data-testid="sign-in">
        <label class="visually-hidden" for="sign-in-token">your player token</label>
        <input id="sign-in-token" name="token" placeholder="your player token" value={token} required autoComplete="off" onInput={(event) => setToken(event.currentTarget.value)} />
        <button type="submit" class="button">sign in</button>
        <Refused sentence={refusal} />
      </form>
    </details>
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
      <label class="visually-hidden" for="register-handle">your handle</label>
      <input id="register-handle" name="handle" placeholder="your handle" value={handle} maxLength={40} required onInput={(event) => setHandle(event.currentTarget.value)} />
      <button type="submit" class="button" data-testid="register">
        register
      </button>
      <Refused sentence={refusal} />
    </form>
  );
}

function QuickPlayButton({ info, player, name, bots }: { info: KindInfo; player: Player | null; name: string; bots: string }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const play = async (): Promise<void> => {
    setRefusal(null);
    try {
      const who = player ? {} : { name };
      const after = bots === WAIT_FOR_PEOPLE ? {} : { bots_after: BOTS_AFTER, bot: bots };
      const body = { kind: info.kind, ...who, ...after };
      const seat = await call<QuickSeat>("/quickplay", { method: "POST", token: player?.token ?? null, body });
      if (seat.token) keepSeatToken(seat.game_id, seat.token, seat.seat);
      keepBotsDue(seat.game_id, seat.bots_at);
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
